import { type ReactNode } from 'react';
import { Alert, List, Text } from '@mantine/core';
import { errorMessage, isApiError } from '../lib/api';

export interface Problem {
  path: string;
  line?: number;
  message: string;
}

/** A configuration problem as "line N: path: message" (parts it lacks are left out). */
export function configProblemText({ path, line, message }: Problem): string {
  return [line === undefined ? null : `line ${String(line)}`, path || null, message]
    .filter(Boolean)
    .join(': ');
}

/** A server detail of a configuration ("config_yaml.input.0.type:7") as a problem. */
export function configDetailText(detail: { path: string; message: string }): string {
  const match = /^config_yaml(?:\.([^:]*))?(?::(\d+))?$/.exec(detail.path);
  if (!match) return `${detail.path}: ${detail.message}`;
  return configProblemText({
    path: match[1] ?? '',
    line: match[2] === undefined ? undefined : Number(match[2]),
    message: detail.message,
  });
}

/** A server detail of an uploaded file ("line 3.context.context") as "line 3 — context.context: …". */
export function uploadDetailText(detail: { path: string; message: string }): string {
  const match = /^line (\d+)(?:\.(.+))?$/.exec(detail.path);
  if (!match) return detail.path ? `${detail.path}: ${detail.message}` : detail.message;
  const field = match[2];
  return `line ${match[1] ?? ''} — ${field ? `${field}: ` : ''}${detail.message}`;
}

export function ProblemList({ items, label }: { items: string[]; label: string }) {
  return (
    <List size="sm" spacing={2} aria-label={label} withPadding>
      {items.map((item, index) => (
        // The same text may repeat (one problem per line of a file): the index keeps keys apart.
        <List.Item key={`${String(index)}:${item}`}>{item}</List.Item>
      ))}
    </List>
  );
}

interface ServerProblemsProps {
  error: unknown;
  title: string;
  /** How one `details` entry reads; without it only the error text is shown. */
  format?: (detail: { path: string; message: string }) => string;
  children?: ReactNode;
}

/** A failed request: the server's error text and, when it sent some, each detail on its line. */
export function ServerProblems({ error, title, format, children }: ServerProblemsProps) {
  const details = isApiError(error) ? (error.body.details ?? []) : [];
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Text size="sm">{errorMessage(error)}</Text>
      {format && details.length > 0 ? (
        <ProblemList items={details.map(format)} label="Problems" />
      ) : null}
      {children}
    </Alert>
  );
}
