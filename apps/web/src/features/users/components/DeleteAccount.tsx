import { MESSAGES } from '@dynaloop/contract/messages';
import { Alert, Button, Paper, PasswordInput, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FormModal } from '../../../components/FormModal';
import { errorMessage } from '../../../lib/api';
import { useFormFields } from '../../../lib/form';
import { logout } from '../../auth/api/logout';
import { useDeleteAccount } from '../api/delete-user';

const WHAT_HAPPENS =
  'Your identity is removed: your email address, username, name, affiliation and avatar are deleted and you are logged out. The examples, validations and models you submitted are kept, credited to no one.';

/** The danger zone: deletes the account after asking for the password. */
export function DeleteAccount({ userId }: { userId: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const { bind, handleSubmit, reset } = useFormFields({ password: '' });
  const remove = useDeleteAccount(userId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  function dismiss() {
    reset();
    remove.reset();
    close();
  }

  const submit = handleSubmit(
    (values) => (values.password === '' ? { password: MESSAGES.required } : {}),
    (values) =>
      remove.mutate(values.password, {
        onSuccess: async () => {
          await logout(queryClient);
          await navigate('/', { replace: true });
        },
      }),
  );

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="delete-account-title"
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <Title order={2} size="h4" c="red.8" id="delete-account-title">
        Delete account
      </Title>
      <Text size="sm" mt="xs" maw={640}>
        {WHAT_HAPPENS}
      </Text>
      <Button color="red" variant="outline" mt="md" onClick={open}>
        Delete account
      </Button>
      <FormModal
        opened={opened}
        onClose={dismiss}
        title="Delete your account"
        label="Delete your account"
        onSubmit={submit}
        submitLabel="Delete my account"
        submitColor="red"
        submitting={remove.isPending}
        gap="md"
      >
        <Text size="sm">{WHAT_HAPPENS}</Text>
        <Text size="sm" fw={600}>
          This cannot be undone. Enter your password to confirm.
        </Text>
        {remove.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(remove.error)}
          </Alert>
        ) : null}
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          {...bind('password')}
          data-autofocus
        />
      </FormModal>
    </Paper>
  );
}
