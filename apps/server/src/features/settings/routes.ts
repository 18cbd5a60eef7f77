import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';

export function registerSettingsRoutes(app: AppInstance): void {
  const { flags } = app.deps.config;
  app.serve(routes.platformSettings, async () => ({ flags }));
}
