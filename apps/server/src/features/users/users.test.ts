import fs from 'node:fs/promises';
import path from 'node:path';
import { userPrivate, userPublic, type ErrorBody, type UserPrivate } from '@dynaloop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awardBadge } from '../badges/service.js';
import { makeUser, multipartBody, unique } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

type User = Awaited<ReturnType<typeof makeUser>>;

describe('user profiles', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let aliceToken: string;
  let bobToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
    await t.db
      .updateTable('users')
      .set({ realname: 'Alice Liddell', affiliation: 'Wonderland U', unseen_notifications: 3 })
      .where('id', '=', alice.id)
      .execute();
    aliceToken = await t.deps.tokens.signUser(alice);
    bobToken = await t.deps.tokens.signUser(bob);
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (url: string, token: string | null) =>
    t.app.inject({ method: 'GET', url, headers: as(token) });
  const put = (id: number, payload: Record<string, unknown>, token: string | null = aliceToken) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${id}`, payload, headers: as(token) });

  describe('reading', () => {
    it('one sees every field of oneself', async () => {
      const res = await get(`/api/users/${alice.id}`, aliceToken);
      expect(res.statusCode).toBe(200);
      const body = res.json<UserPrivate>();
      expect(Object.keys(body).sort()).toEqual(Object.keys(userPrivate.shape).sort());
      expect(body).toMatchObject({
        id: alice.id,
        email: alice.email,
        realname: 'Alice Liddell',
        affiliation: 'Wonderland U',
        admin: false,
        unseen_notifications: 3,
      });
    });

    it('of another user one sees exactly the public fields', async () => {
      const res = await get(`/api/users/${alice.id}`, bobToken);
      expect(res.statusCode).toBe(200);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(Object.keys(userPublic.shape).sort());
      expect(body).toMatchObject({ id: alice.id, username: alice.username });
      for (const key of ['email', 'realname', 'admin', 'unseen_notifications', 'created_at']) {
        expect(body).not.toHaveProperty(key);
      }
      expect(res.body).not.toContain(alice.email);
      expect(res.body).not.toContain('Alice Liddell');
    });

    it('a visitor must log in', async () => {
      const res = await get(`/api/users/${alice.id}`, null);
      expect(res.statusCode).toBe(401);
    });

    it('an unknown user is a 404', async () => {
      const res = await get('/api/users/987654', aliceToken);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    });

    it('the badges route adds the badges, oldest first', async () => {
      await awardBadge(t.db, alice.id, 'WELCOME_NOOB');
      await awardBadge(t.db, alice.id, 'FIRST_CREATED');
      const own = await get(`/api/users/${alice.id}/badges`, aliceToken);
      expect(own.statusCode).toBe(200);
      const body = own.json<UserPrivate & { badges: Array<{ name: string; awarded: string }> }>();
      expect(body.email).toBe(alice.email);
      expect(body.badges.map((b) => b.name)).toEqual(['WELCOME_NOOB', 'FIRST_CREATED']);
      expect(Number.isNaN(Date.parse(body.badges[0]!.awarded))).toBe(false);

      const other = await get(`/api/users/${alice.id}/badges`, bobToken);
      expect(other.statusCode).toBe(200);
      const seen = other.json<Record<string, unknown>>();
      expect(Object.keys(seen).sort()).toEqual([...Object.keys(userPublic.shape), 'badges'].sort());
      expect((seen.badges as unknown[]).length).toBe(2);
    });
  });

  describe('editing', () => {
    it('changes one’s username, real name and affiliation', async () => {
      const carol = await makeUser(t.db);
      const token = await t.deps.tokens.signUser(carol);
      const username = unique('Carol');
      const res = await put(
        carol.id,
        { username, realname: 'Carol Danvers', affiliation: 'Starforce' },
        token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: carol.id,
        username,
        realname: 'Carol Danvers',
        affiliation: 'Starforce',
        email: carol.email,
      });
      const row = await t.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', carol.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ username, realname: 'Carol Danvers', affiliation: 'Starforce' });

      // Empty texts clear a field; a change of case of one's own name is no conflict.
      const cleared = await put(
        carol.id,
        { realname: '', affiliation: null, username: username.toLowerCase() },
        token,
      );
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toMatchObject({
        realname: null,
        affiliation: null,
        username: username.toLowerCase(),
      });
    });

    it('refuses an unknown field', async () => {
      const res = await put(alice.id, { realname: 'A', admin: true });
      expect(res.statusCode).toBe(400);
      const row = await t.db
        .selectFrom('users')
        .select(['admin', 'realname'])
        .where('id', '=', alice.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ admin: false, realname: 'Alice Liddell' });
    });

    it('refuses a username that is taken, whatever its case', async () => {
      const res = await put(alice.id, { username: bob.username.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>()).toMatchObject({
        code: 'conflict',
        error: 'Username already exists',
      });
    });

    it('refuses an invalid username', async () => {
      const res = await put(alice.id, { username: 'no spaces please' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().details?.[0]?.path).toBe('body.username');
    });
  });

  describe('avatars', () => {
    const upload = (
      file: Parameters<typeof multipartBody>[0],
      fields: Record<string, string> = {},
    ) => {
      const { payload, headers } = multipartBody(file, fields);
      return t.app.inject({
        method: 'POST',
        url: `/api/users/${alice.id}/avatar/upload`,
        payload,
        headers: { ...headers, ...as(aliceToken) },
      });
    };
    const avatarFiles = async () =>
      fs.readdir(path.join(t.tmpDir, 'blobs', 'avatars')).catch(() => [] as string[]);

    it('stores a PNG and serves it back byte for byte', async () => {
      const res = await upload({ filename: 'me.png', content: PNG, contentType: 'image/png' });
      expect(res.statusCode).toBe(200);
      const { avatar_url } = res.json<{ avatar_url: string }>();
      expect(avatar_url).toMatch(
        /^\/api\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/,
      );
      const image = await t.app.inject({ method: 'GET', url: avatar_url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(PNG)).toBe(true);

      const profile = await get(`/api/users/${alice.id}`, bobToken);
      expect(profile.json().avatar_url).toBe(avatar_url);
    });

    it('a new avatar replaces the old one, whose file is deleted', async () => {
      const first = (await upload({ filename: 'a.png', content: PNG })).json().avatar_url;
      const second = await upload({ filename: 'b.JPG', content: JPEG_START });
      expect(second.statusCode).toBe(200);
      const url = second.json().avatar_url as string;
      expect(url).toMatch(/\.jpg$/);
      expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(await avatarFiles()).toEqual([path.basename(url)]);
    });

    it('refuses a file type other than jpg, jpeg and png', async () => {
      const before = await avatarFiles();
      const res = await upload({ filename: 'anim.gif', content: Buffer.from('GIF89a...') });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'unsupported_media_type',
        error: '*Upload a valid file',
      });
      expect(await avatarFiles()).toEqual(before);
    });

    it('refuses a .png that is not a PNG', async () => {
      const res = await upload({ filename: 'fake.png', content: Buffer.from('<svg></svg>') });
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toBe('*Upload a valid file');
    });

    it('refuses a file over 5 MB', async () => {
      const before = await avatarFiles();
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const res = await upload({ filename: 'big.png', content: big });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('payload_too_large');
      expect(await avatarFiles()).toEqual(before);
    });

    it('accepts a file of exactly 5 MB', async () => {
      const content = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
      const res = await upload({ filename: 'max.png', content });
      expect(res.statusCode).toBe(200);
    });

    it('needs a file', async () => {
      const res = await upload(null, { note: 'no picture today' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bad_request');
    });

    it('needs a multipart body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/users/${alice.id}/avatar/upload`,
        payload: { file: 'me.png' },
        headers: as(aliceToken),
      });
      expect(res.statusCode).toBe(415);
    });

    it('an unknown avatar is a 404', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/avatars/00000000-0000-0000-0000-000000000000.png',
      });
      expect(res.statusCode).toBe(404);
    });
  });
});
