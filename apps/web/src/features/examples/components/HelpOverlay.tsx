import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { HELP_OVERLAY_HIDE_MS } from '@dynaloop/contract/constants';
import { Button } from '@mantine/core';
import { HintTooltip } from '../../../components/HintTooltip';
import classes from './HelpOverlay.module.css';

const HelpVisible = createContext(false);

/**
 * The help overlay's state: shown when the page opens, hidden after HELP_OVERLAY_HIDE_MS, and
 * toggled by its button (or hidden with Escape) from then on.
 */
export function useHelpOverlay() {
  const [visible, setVisible] = useState(true);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (touched) return;
    const timer = setTimeout(() => setVisible(false), HELP_OVERLAY_HIDE_MS);
    return () => clearTimeout(timer);
  }, [touched]);

  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setTouched(true);
        setVisible(false);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible]);

  return {
    visible,
    toggle: () => {
      setTouched(true);
      setVisible((value) => !value);
    },
  };
}

/** Provides the overlay's visibility to the regions it explains, and dims the page under them. */
export function HelpOverlay({ visible, children }: { visible: boolean; children: ReactNode }) {
  return (
    <HelpVisible.Provider value={visible}>
      {visible ? <div className={classes.backdrop} aria-hidden="true" /> : null}
      {children}
    </HelpVisible.Provider>
  );
}

/** A page region the help overlay points out, with what it is for. */
export function HelpRegion({ tip, children }: { tip: string; children: ReactNode }) {
  const visible = useContext(HelpVisible);
  return (
    <div className={visible ? `${classes.region} ${classes.active}` : classes.region}>
      {visible ? (
        <div className={classes.tip} role="note">
          {tip}
        </div>
      ) : null}
      {children}
    </div>
  );
}

export function HelpToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  return (
    <HintTooltip label={visible ? 'Hide the page help' : 'Explain this page'}>
      <Button variant="default" onClick={onToggle} aria-pressed={visible}>
        Help
      </Button>
    </HintTooltip>
  );
}
