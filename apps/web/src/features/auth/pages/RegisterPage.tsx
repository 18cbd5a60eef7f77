import { type FormEvent, useState } from 'react';
import { MINIMUM_AGE } from '@dynaloop/contract/constants';
import { MESSAGES } from '@dynaloop/contract/messages';
import { registerBody } from '@dynaloop/contract/schemas';
import { Anchor, Button, Checkbox, PasswordInput, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage, isApiError } from '../../../lib/api';
import {
  type FieldErrors,
  schemaErrors,
  serverFieldErrors,
  useFormFields,
} from '../../../lib/form';
import { usePlatformSettings } from '../../settings/api/get-platform-settings';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/AuthCard';
import { AuthForm, AuthSwitch, EmailInput } from '../components/AuthForm';
import { safeRedirect } from '../paths';

type Field = 'email' | 'username' | 'password' | 'invite_code' | 'accept';

const FIELDS: readonly Field[] = ['email', 'username', 'password', 'invite_code', 'accept'];

function validate(
  values: { email: string; username: string; password: string; invite_code: string },
  accepted: boolean,
  needsInvite: boolean,
): FieldErrors<Field> {
  const errors = schemaErrors<Field>(registerBody, {
    email: values.email,
    username: values.username,
    password: values.password,
  });
  if (needsInvite && values.invite_code.trim() === '') errors.invite_code = MESSAGES.required;
  if (!accepted) errors.accept = MESSAGES.required;
  return errors;
}

export function RegisterPage() {
  useDocumentTitle('Sign up');
  const [params] = useSearchParams();
  const src = safeRedirect(params.get('src'));
  const navigate = useNavigate();
  const settings = usePlatformSettings();
  const needsInvite = settings.data?.flags.beta_login ?? false;
  const register = useRegister();
  const { errors, setErrors, bind, handleSubmit } = useFormFields<
    Record<Exclude<Field, 'accept'>, string>,
    'accept'
  >({ email: '', username: '', password: '', invite_code: '' });
  const [accepted, setAccepted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function fail(error: unknown) {
    if (isApiError(error) && error.message === MESSAGES.unknownInviteCode) {
      setErrors((current) => ({ ...current, invite_code: MESSAGES.unknownInviteCode }));
      setFailure(null);
      return;
    }
    const fromServer = serverFieldErrors(error);
    setErrors((current) => {
      const next = { ...current };
      for (const field of FIELDS) next[field] = fromServer[field] ?? next[field];
      return next;
    });
    setFailure(MESSAGES.registrationFailed(errorMessage(error)));
  }

  const check = handleSubmit(
    (values) => validate(values, accepted, needsInvite),
    (values) =>
      register.mutate(
        {
          email: values.email.trim(),
          username: values.username.trim(),
          password: values.password,
          ...(needsInvite ? { invite_code: values.invite_code.trim() } : {}),
        },
        { onSuccess: () => void navigate(src, { replace: true }), onError: fail },
      ),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    setFailure(null);
    check(event);
  }

  return (
    <AuthCard
      title="Sign up"
      subtitle={
        <AuthSwitch prompt="Already have an account?" path="/login" src={src}>
          Log in
        </AuthSwitch>
      }
    >
      <AuthForm label="Sign up" onSubmit={submit} failure={failure}>
        <EmailInput {...bind('email')} />
        <TextInput
          label="Username"
          autoComplete="username"
          withAsterisk
          description="Shown on leaderboards and your public profile."
          {...bind('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          withAsterisk
          description="At least 8 characters."
          {...bind('password')}
        />
        {needsInvite ? (
          <TextInput label="Invite code" withAsterisk {...bind('invite_code')} />
        ) : null}
        <Checkbox
          checked={accepted}
          onChange={(event) => {
            setAccepted(event.currentTarget.checked);
            setErrors((current) => ({ ...current, accept: undefined }));
          }}
          error={errors.accept}
          label={
            <>
              I am {MINIMUM_AGE} or older and accept the{' '}
              <Anchor component={Link} to="/termsofuse" target="_blank" inherit>
                Terms of Use
              </Anchor>{' '}
              and the{' '}
              <Anchor component={Link} to="/datapolicy" target="_blank" inherit>
                Data Policy
              </Anchor>
            </>
          }
        />
        <Button type="submit" loading={register.isPending} fullWidth>
          Sign up
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
