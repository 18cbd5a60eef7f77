import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../app.js';

export function registerSettingsRoutes(app: AppInstance): void {
  const { flags } = app.deps.config;
  app.serve(routes.platformSettings, async () => ({ flags }));
}
