import { type ReactNode, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { theme } from './theme';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client (no retries) and `env="test"` (no transitions or portals). */
  queryClient?: QueryClient;
  env?: 'default' | 'test';
}

export function AppProvider({ children, queryClient, env = 'default' }: AppProviderProps) {
  const [defaultClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={queryClient ?? defaultClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
