import { type RouteBody, type UserPrivate } from '@dynaloop/contract';
import { MESSAGES } from '@dynaloop/contract/messages';
import { usernameSchema } from '@dynaloop/contract/schemas';
import { Alert, Stack, TextInput } from '@mantine/core';
import { SaveChangesForm } from '../../../components/SaveChangesForm';
import { errorMessage } from '../../../lib/api';
import { type FieldErrors, fieldError } from '../../../lib/form';
import { useUpdateProfile } from '../api/update-user';
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
function changesOf(values: Values, loaded: Values): RouteBody<'updateUser'> {
  const changes: RouteBody<'updateUser'> = {};
  if (values.username !== loaded.username) changes.username = values.username.trim();
  if (values.realname !== loaded.realname) changes.realname = values.realname.trim() || null;
  if (values.affiliation !== loaded.affiliation) {
    changes.affiliation = values.affiliation.trim() || null;
  }
  return changes;
}

function validate(values: Values): FieldErrors<Field> {
  const username = fieldError(usernameSchema, values.username);
  return username ? { username } : {};
}

/** #profile: avatar, editable profile (Save appears once something changed), deletion. */
export function ProfileTab({ user }: { user: UserPrivate }) {
  const update = useUpdateProfile(user.id);

  return (
    <Stack gap="xl">
      <AvatarUpload user={user} />
      <SaveChangesForm
        label="Profile"
        loaded={valuesOf(user)}
        loadedKey={[user.id, user.username, user.realname, user.affiliation].join('\u0000')}
        validate={validate}
        changesOf={changesOf}
        mutation={update}
        problem={
          update.isError ? (
            <Alert color="red" variant="light" role="alert">
              {MESSAGES.profileUpdateFailed(errorMessage(update.error))}
            </Alert>
          ) : null
        }
        savedText="Your profile was saved."
        gap="md"
        maw={520}
      >
        {({ bind }) => (
          <>
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
              {...bind('username')}
            />
            <TextInput label="Real name" autoComplete="name" {...bind('realname')} />
            <TextInput label="Affiliation" autoComplete="organization" {...bind('affiliation')} />
          </>
        )}
      </SaveChangesForm>
      <DeleteAccount userId={user.id} />
    </Stack>
  );
}
