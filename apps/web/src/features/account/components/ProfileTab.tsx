import { type FormEvent, useState } from 'react';
import { type UserPrivate } from '@dynaloop/contract';
import { MESSAGES } from '@dynaloop/contract/messages';
import { usernameSchema } from '@dynaloop/contract/schemas';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { errorMessage } from '../../../lib/api';
import { type FieldErrors, fieldError, serverFieldErrors } from '../../../lib/form';
import { type ProfileChanges, useUpdateProfile } from '../../users/api/users';
import { AvatarUpload } from './AvatarUpload';
import { DeleteAccount } from './DeleteAccount';

type Field = 'username' | 'realname' | 'affiliation';
type Values = Record<Field, string>;

function valuesOf(user: UserPrivate): Values {
  return {
    username: user.username,
    realname: user.realname ?? '',
    affiliation: user.affiliation ?? '',
  };
}

/** Only what changed: usernames are trimmed, empty names and affiliations become null. */
function changesOf(values: Values, loaded: Values): ProfileChanges {
  const changes: ProfileChanges = {};
  if (values.username !== loaded.username) changes.username = values.username.trim();
  if (values.realname !== loaded.realname) changes.realname = values.realname.trim() || null;
  if (values.affiliation !== loaded.affiliation) {
    changes.affiliation = values.affiliation.trim() || null;
  }
  return changes;
}

interface ProfileFormProps {
  user: UserPrivate;
  saved: boolean;
  update: ReturnType<typeof useUpdateProfile>;
  onSave: (changes: ProfileChanges) => void;
  onEdit: () => void;
}

/** Keyed by the loaded values: it starts again from them after every save. */
function ProfileForm({ user, saved, update, onSave, onEdit }: ProfileFormProps) {
  const loaded = valuesOf(user);
  const [values, setValues] = useState<Values>(loaded);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const dirty = (Object.keys(loaded) as Field[]).some((field) => values[field] !== loaded[field]);
  const shownErrors = { ...serverFieldErrors(update.error), ...errors };

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    onEdit();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dirty) return;
    const usernameError = fieldError(usernameSchema, values.username);
    if (usernameError) {
      setErrors({ username: usernameError });
      return;
    }
    onSave(changesOf(values, loaded));
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Stack gap="md" maw={520}>
        {update.isError ? (
          <Alert color="red" variant="light" role="alert">
            {MESSAGES.profileUpdateFailed(errorMessage(update.error))}
          </Alert>
        ) : null}
        {saved && !dirty ? (
          <Alert color="green" variant="light" role="status">
            Your profile was saved.
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          value={user.email}
          readOnly
          description="Your email address cannot be changed here."
        />
        <TextInput
          label="Username"
          autoComplete="username"
          withAsterisk
          value={values.username}
          onChange={(event) => change('username', event.currentTarget.value)}
          error={shownErrors.username}
        />
        <TextInput
          label="Real name"
          autoComplete="name"
          value={values.realname}
          onChange={(event) => change('realname', event.currentTarget.value)}
          error={shownErrors.realname}
        />
        <TextInput
          label="Affiliation"
          autoComplete="organization"
          value={values.affiliation}
          onChange={(event) => change('affiliation', event.currentTarget.value)}
          error={shownErrors.affiliation}
        />
        {dirty ? (
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

/** #profile: avatar, editable profile (Save appears once something changed), deletion. */
export function ProfileTab({ user }: { user: UserPrivate }) {
  const update = useUpdateProfile(user.id);
  const [saved, setSaved] = useState(false);
  const [saves, setSaves] = useState(0);
  const formKey = [saves, user.id, user.username, user.realname, user.affiliation].join('\u0000');

  function save(changes: ProfileChanges) {
    update.mutate(changes, {
      onSuccess: () => {
        setSaved(true);
        setSaves((count) => count + 1);
      },
    });
  }

  function edit() {
    setSaved(false);
    if (!update.isIdle) update.reset();
  }

  return (
    <Stack gap="xl">
      <AvatarUpload user={user} />
      <ProfileForm
        key={formKey}
        user={user}
        saved={saved}
        update={update}
        onSave={save}
        onEdit={edit}
      />
      <DeleteAccount userId={user.id} />
    </Stack>
  );
}
