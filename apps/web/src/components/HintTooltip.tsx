import { type ReactElement, type ReactNode } from 'react';
import { Tooltip } from '@mantine/core';

/** Tooltip delays of the spec (§9): shown after 250 ms, hidden 400 ms after the pointer leaves. */
export const TOOLTIP_OPEN_DELAY_MS = 250;
export const TOOLTIP_CLOSE_DELAY_MS = 400;

/** A hint on hover and keyboard focus, with the product's tooltip delays. */
export function HintTooltip({ label, children }: { label: ReactNode; children: ReactElement }) {
  return (
    <Tooltip
      label={label}
      openDelay={TOOLTIP_OPEN_DELAY_MS}
      closeDelay={TOOLTIP_CLOSE_DELAY_MS}
      events={{ hover: true, focus: true, touch: false }}
      withArrow
    >
      {children}
    </Tooltip>
  );
}
