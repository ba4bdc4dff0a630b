/** The share menu (SPEC §2): copy link and the five share targets. Opens as soon as it loads. */
import { useState } from 'react';
import { toast } from 'sonner';
import { shareLinks } from '../../../domain/product-page';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../shared/ui/dropdown-menu';
import { ShareIcon, shareTriggerClassName } from './share-icon';

/** Copies with the Clipboard API, or with the older copy command where that is refused. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

export default function ShareMenu({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(true);
  const links = shareLinks(url, title);
  const targets: { key: keyof typeof links; label: string }[] = [
    { key: 'email', label: 'E-mail' },
    { key: 'whatsapp', label: 'WhatsApp' },
    { key: 'facebook', label: 'Facebook' },
    { key: 'x', label: 'X' },
    { key: 'reddit', label: 'Reddit' },
  ];
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger className={shareTriggerClassName}>
        <ShareIcon />
        Share
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem
          onSelect={() => {
            void copyText(url).then((copied) =>
              copied ? toast.success('Link copied') : toast.error('The link could not be copied. Please copy it from the address bar.'),
            );
          }}
        >
          Copy link
        </DropdownMenuItem>
        {targets.map((target) => (
          <DropdownMenuItem key={target.key} asChild>
            <a href={links[target.key]} {...(target.key === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
              {target.label}
              {target.key === 'email' ? null : <span className="visually-hidden"> (opens in a new tab)</span>}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
