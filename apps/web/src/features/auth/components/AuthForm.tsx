import { type FormEvent, type ReactNode } from 'react';
import { Alert, Anchor, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { Link } from 'react-router';

interface AuthFormProps {
  /** The form's accessible name (the page's title). */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A message the page was opened with (a status). */
  notice?: string | null;
  /** Why the last submission failed (an alert). */
  failure?: string | null;
  children: ReactNode;
}

/** The form of a login, sign-up or password page: checked by the page, not the browser. */
export function AuthForm({ label, onSubmit, notice, failure, children }: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {notice ? (
          <Alert color="blue" variant="light" role="status">
            {notice}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        {children}
      </Stack>
    </form>
  );
}

/** The required email address field of the auth forms. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...props} />;
}

interface AuthSwitchProps {
  prompt: string;
  /** The other page: /login or /register. */
  path: string;
  /** Where to go once logged in, passed on to the other page. */
  src: string;
  children: ReactNode;
}

/** "New to Dynaloop? Sign up": the way from login to sign-up and back, keeping `src`. */
export function AuthSwitch({ prompt, path, src, children }: AuthSwitchProps) {
  const to = src === '/' ? path : `${path}?src=${encodeURIComponent(src)}`;
  return (
    <>
      {prompt}{' '}
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </>
  );
}
