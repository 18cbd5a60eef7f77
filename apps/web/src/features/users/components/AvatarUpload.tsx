import { useRef, useState } from 'react';
import { type UserPrivate } from '@dynaloop/contract';
import { MESSAGES } from '@dynaloop/contract/messages';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '@dynaloop/contract/schemas';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api';
import { useUploadAvatar } from '../api/upload-avatar';
import { UserAvatar } from './UserAvatar';

/** Whether a file name ends with .jpg, .jpeg or .png, in any case. */
export function isAvatarFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return AVATAR_EXTENSIONS.some((extension) => lower.endsWith(`.${extension}`));
}

export function AvatarUpload({ user }: { user: UserPrivate }) {
  const upload = useUploadAvatar(user.id);
  const resetRef = useRef<() => void>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function pick(file: File | null) {
    resetRef.current?.();
    upload.reset();
    if (!file) return;
    if (!isAvatarFileName(file.name)) {
      setProblem(MESSAGES.invalidAvatar);
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem(`*The image is larger than ${String(AVATAR_MAX_BYTES / 1024 / 1024)} MB`);
      return;
    }
    setProblem(null);
    upload.mutate(file);
  }

  const message = problem ?? (upload.isError ? errorMessage(upload.error) : null);

  return (
    <Group gap="lg" align="center">
      <UserAvatar user={user} size={96} />
      <Stack gap={6}>
        <FileButton onChange={pick} accept="image/png,image/jpeg" resetRef={resetRef}>
          {(props) => (
            <Button {...props} variant="default" loading={upload.isPending}>
              Upload avatar
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          A .jpg, .jpeg or .png image of at most 5 MB.
        </Text>
        {message ? (
          <Text size="sm" c="red" role="alert">
            {message}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
