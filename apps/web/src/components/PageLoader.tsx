import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while a page's code or data loads. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
