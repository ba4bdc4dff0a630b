/** A queue's statuses as buttons with their counts; the current one is marked for screen readers too. */
export interface StatusTab<V> {
  label: string;
  value: V;
  count: number;
}

export function StatusTabs<V>({ label, tabs, current, onChoose }: { label: string; tabs: readonly StatusTab<V>[]; current: V; onChoose: (value: V) => void }) {
  return (
    <nav aria-label={label}>
      <ul className="bo-status-tabs">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <button type="button" className="bo-status-tab" aria-current={current === tab.value ? 'true' : undefined} onClick={() => onChoose(tab.value)}>
              {tab.label} ({tab.count})
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
