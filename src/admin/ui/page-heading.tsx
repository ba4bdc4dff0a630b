import { useEffect, type ReactNode } from 'react';

/** The screen's one h1, with the window title to match and the screen's main actions beside it. */
export function PageHeading({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | Back office`;
  }, [title]);
  return (
    <div className="bo-page-heading">
      <div>
        <h1 tabIndex={-1}>{title}</h1>
        {description ? <p className="bo-page-heading__description">{description}</p> : null}
      </div>
      {actions ? <div className="bo-page-heading__actions">{actions}</div> : null}
    </div>
  );
}
