import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export type TabOption<Value extends string> = { value: Value; label: ReactNode };

const tabClass =
  'rounded-full border border-cream-300 px-3 py-1.5 text-sm font-semibold text-ink transition hover:bg-cream-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine-800 aria-selected:border-wine-800 aria-selected:bg-wine-800 aria-selected:text-cream-50';

/**
 * A row of tabs over one panel (issue 36's kit), on Radix's tabs: the arrow keys move between the
 * tabs and select the one they reach, Home and End jump to the first and the last, only the
 * selected tab is in the Tab order, and Tab from it moves into the panel. The back office's tabs
 * filter one list, so there is one panel: whatever `children` shows for the selected value.
 */
export function Tabs<Value extends string>({
  label,
  tabs,
  value,
  onChange,
  panelClassName,
  children,
}: {
  /** What the tabs choose between, for a screen reader ("Orders by status"). */
  label: string;
  tabs: ReadonlyArray<TabOption<Value>>;
  value: Value;
  onChange: (value: Value) => void;
  panelClassName?: string;
  children: ReactNode;
}) {
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(next) => {
        // Radix hands back a plain string; the tab it came from gives it its type again.
        const chosen = tabs.find((tab) => tab.value === next);
        if (chosen) onChange(chosen.value);
      }}
      className="space-y-6"
    >
      <RadixTabs.List aria-label={label} className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} className={tabClass}>
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={value} className={panelClassName ?? 'space-y-6'}>
        {children}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
}
