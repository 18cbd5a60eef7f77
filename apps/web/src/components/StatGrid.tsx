import { type ReactNode } from 'react';
import classes from './StatGrid.module.css';

export interface Stat {
  label: string;
  value: ReactNode;
}

/** Labelled figures as a description list laid out as a grid of tiles. */
export function StatGrid({ stats }: { stats: Stat[] }) {
  return (
    <dl className={classes.grid}>
      {stats.map((stat) => (
        <div key={stat.label} className={classes.item}>
          <dt className={classes.label}>{stat.label}</dt>
          <dd className={classes.value}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
