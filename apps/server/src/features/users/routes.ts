import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { type Actor, findActiveUser } from '../../platform/auth.js';
import { errors } from '../../platform/errors.js';
import { receiveUpload } from '../../platform/uploads.js';
import { verifyPassword } from '../../platform/passwords.js';
import { AVATAR_PREFIX, CONTENT_TYPES, storeAvatar } from './avatar.js';
import { presentPrivateUser, presentPublicUser } from './presenter.js';
import { userPolicy } from './policy.js';
import { assertReadOnlyUnchanged } from './read-only-fields.js';
import { listUserBadges } from '../badges/repo.js';
import {
  listUserForks,
  listUserModels,
  listUserSnapshots,
  listUserTasks,
  setAvatarUrl,
  updateUser,
  usernameTaken,
} from './repo.js';
import { deleteAccount } from './service.js';

const AVATAR_URL_PREFIX = '/api/avatars/';

export function registerUserRoutes(app: AppInstance): void {
  const { db, storage } = app.deps;

  const loadUser = async (id: number, actor?: Actor) => {
    // The caller's own row was just read by authentication: no second query.
    if (actor?.kind === 'user' && actor.user.id === id) return actor.user;
    const user = await findActiveUser(db, id);
    if (!user) throw errors.notFound('User');
    return user;
  };

  app.serve(routes.user, async (request) => {
    const user = await loadUser(request.params.id, request.actor);
    return userPolicy.readPrivate(request.actor, user.id)
      ? presentPrivateUser(user)
      : presentPublicUser(user);
  });

  app.serve(routes.userBadges, async (request) => {
    const user = await loadUser(request.params.id);
    const badges = await listUserBadges(db, user.id);
    const presented = userPolicy.readPrivate(request.actor, user.id)
      ? presentPrivateUser(user)
      : presentPublicUser(user);
    return {
      ...presented,
      badges: badges.map((b) => ({ name: b.name, awarded: b.awarded.toISOString() })),
    };
  });

  app.serve(routes.updateUser, async (request) => {
    const user = await loadUser(request.params.id);
    if (!userPolicy.edit(request.actor, user.id))
      throw errors.forbidden('You can only change your own profile');
    const { username, realname, affiliation, settings_json: settings } = request.body;
    assertReadOnlyUnchanged(request.body, user);
    if (username !== undefined && username.toLowerCase() !== user.username.toLowerCase()) {
      if (await usernameTaken(db, username)) throw errors.conflict('Username already exists');
    }
    const updated = await updateUser(db, user.id, {
      ...(username !== undefined ? { username } : {}),
      ...(realname !== undefined ? { realname: realname || null } : {}),
      ...(affiliation !== undefined ? { affiliation: affiliation || null } : {}),
      ...(settings !== undefined ? { settings_json: JSON.stringify(settings ?? {}) } : {}),
    });
    return presentPrivateUser(updated);
  });

  app.serve(routes.deleteUser, async (request) => {
    const user = await loadUser(request.params.id);
    if (!userPolicy.edit(request.actor, user.id))
      throw errors.forbidden('You can only delete your own account');
    if (!(await verifyPassword(user.password_hash, request.body.password))) {
      throw errors.forbidden('The password is not correct');
    }
    const { avatarUrl } = await deleteAccount(db, user.id);
    if (avatarUrl?.startsWith(AVATAR_URL_PREFIX)) {
      await storage
        .delete(`${AVATAR_PREFIX}${avatarUrl.slice(AVATAR_URL_PREFIX.length)}`)
        .catch(() => undefined);
    }
    return { success: 'ok' as const };
  });

  app.serve(routes.uploadAvatar, async (request) => {
    const user = await loadUser(request.params.id);
    if (!userPolicy.edit(request.actor, user.id))
      throw errors.forbidden('You can only change your own avatar');
    if (!request.isMultipart())
      throw errors.unsupportedMediaType('Send the avatar as multipart/form-data');
    const limit = app.deps.config.uploadLimits.avatar;
    const name = await storeAvatar(
      storage,
      await receiveUpload(request, limit, 'The avatar'),
      limit,
    );
    const avatarUrl = `${AVATAR_URL_PREFIX}${name}`;
    await setAvatarUrl(db, user.id, avatarUrl);
    if (user.avatar_url?.startsWith(AVATAR_URL_PREFIX)) {
      await storage
        .delete(`${AVATAR_PREFIX}${user.avatar_url.slice(AVATAR_URL_PREFIX.length)}`)
        .catch(() => undefined);
    }
    return { ...presentPrivateUser({ ...user, avatar_url: avatarUrl }), avatar_url: avatarUrl };
  });

  app.serve(routes.avatar, async (request, reply) => {
    const { file } = request.params;
    const key = `${AVATAR_PREFIX}${file}`;
    if (!(await storage.exists(key))) throw errors.notFound('Avatar');
    const ext = file.slice(file.lastIndexOf('.') + 1);
    return reply
      .type(CONTENT_TYPES[ext] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(storage.stream(key));
  });

  app.serve(routes.userModels, async (request) => {
    const user = await loadUser(request.params.id);
    return listUserModels(
      db,
      user.id,
      request.query,
      !userPolicy.listAllModels(request.actor, user.id),
    );
  });

  app.serve(routes.userTasks, async (request) => {
    const user = await loadUser(request.params.id);
    return listUserTasks(db, user.id, request.query);
  });

  app.serve(routes.userForks, async (request) => {
    const user = await loadUser(request.params.id);
    if (!userPolicy.listLeaderboardViews(request.actor, user.id))
      throw errors.forbidden('You can only list your own forks');
    return listUserForks(db, user.id, request.query);
  });

  app.serve(routes.userSnapshots, async (request) => {
    const user = await loadUser(request.params.id);
    if (!userPolicy.listLeaderboardViews(request.actor, user.id))
      throw errors.forbidden('You can only list your own snapshots');
    return listUserSnapshots(db, user.id, request.query);
  });
}
