import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, unique } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/support.js';

const OLD_PASSWORD = 'old-password-1234';
const NEW_PASSWORD = 'new-password-5678';
const LINK = /http:\/\/example\.test\/reset-password\/([A-Za-z0-9_-]{16,})/;

let ipSeq = 0;
const nextIp = () => `10.4.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function recoveryApi(t: () => TestApp) {
  return {
    initiate: (email: string) =>
      t().app.inject({
        method: 'POST',
        url: '/api/recover/initiate',
        payload: { email },
        remoteAddress: nextIp(),
      }),
    resolve: (token: string, email: string, password: string) =>
      t().app.inject({
        method: 'POST',
        url: `/api/recover/resolve/${token}`,
        payload: { email, password },
        remoteAddress: nextIp(),
      }),
    login: (email: string, password: string) =>
      t().app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { email, password },
        remoteAddress: nextIp(),
      }),
  };
}

describe('password recovery', () => {
  let t: TestApp;
  const api = recoveryApi(() => t);
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'http://example.test' } });
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * The next mail to `to` after the mail with id `afterId`, as stored in the outbox. The request
   * answers before it enqueues the mail, so this runs due jobs until the mail job has run.
   */
  const nextMail = (to: string, afterId = 0) =>
    until(`a mail to ${to}`, async () => {
      await t.runJobs();
      return t.db
        .selectFrom('outbox_mails')
        .selectAll()
        .where('to_address', '=', to)
        .where('id', '>', afterId)
        .orderBy('id')
        .executeTakeFirst();
    });
  const requestLink = async (email: string) => {
    const last = await t.db
      .selectFrom('outbox_mails')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    expect((await api.initiate(email)).statusCode).toBe(200);
    const mail = await nextMail(email, Number(last?.id ?? 0));
    return LINK.exec(mail.body_text)![1]!;
  };

  it('answers the same for a known and an unknown email; only the known one gets mail', async () => {
    const user = await makeUser(t.db);
    const unknown = `${unique('nobody')}@example.test`;
    const forUnknown = await api.initiate(unknown);
    const forKnown = await api.initiate(user.email);
    expect(forKnown.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forKnown.json()).toEqual({ success: 'ok' });
    expect(forUnknown.json()).toEqual(forKnown.json());

    const mail = await nextMail(user.email);
    expect(mail).toMatchObject({
      uid: user.id,
      template: 'forgot_password',
      subject: 'Reset your Dynaloop password',
    });
    const token = LINK.exec(mail.body_text)?.[1];
    expect(token, mail.body_text).toBeDefined();
    expect(mail.body_text).toContain(`http://example.test/reset-password/${token}`);
    // Only its hash is kept.
    const stored = await t.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('uid', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token!);

    // The unknown address was handled first; give it time anyway before concluding.
    await new Promise((r) => setTimeout(r, 200));
    await t.runJobs();
    const toUnknown = await t.db
      .selectFrom('outbox_mails')
      .select('id')
      .where('to_address', 'ilike', unknown)
      .execute();
    expect(toUnknown).toHaveLength(0);
  });

  it('builds the link from PUBLIC_URL, never from the Host header', async () => {
    const user = await makeUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recover/initiate',
      payload: { email: user.email },
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    const mail = await nextMail(user.email);
    expect(mail.body_text).toMatch(LINK);
    expect(mail.body_text).not.toContain('attacker.example');
  });

  it('resets the password once, for the account the link was sent to', async () => {
    const user = await makeUser(t.db, { password: OLD_PASSWORD });
    const token = await requestLink(user.email);

    const wrongEmail = await api.resolve(token, `${unique('x')}@example.test`, NEW_PASSWORD);
    expect(wrongEmail.statusCode).toBe(401);

    const done = await api.resolve(token, user.email.toUpperCase(), NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: 'ok' });

    const old = await api.login(user.email, OLD_PASSWORD);
    expect(old.statusCode).toBe(401);
    expect((await api.login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await api.resolve(token, user.email, 'third-password-9');
    expect(again.statusCode).toBe(401);
    expect((await api.login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a reset spends every other link of the account too', async () => {
    const user = await makeUser(t.db);
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect(first).not.toBe(second);
    expect((await api.resolve(second, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await api.resolve(first, user.email, 'yet-another-pw-1')).statusCode).toBe(401);
  });

  it('an expired link is refused and changes nothing', async () => {
    const user = await makeUser(t.db, { password: OLD_PASSWORD });
    const token = await requestLink(user.email);
    await t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('uid', '=', user.id)
      .execute();
    const res = await api.resolve(token, user.email, NEW_PASSWORD);
    expect(res.statusCode).toBe(401);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBe(user.password_hash);
  });

  it('an unknown token is refused', async () => {
    const user = await makeUser(t.db);
    const res = await api.resolve('x'.repeat(43), user.email, NEW_PASSWORD);
    expect(res.statusCode).toBe(401);
  });

  it('a reset ends every login and API token of the account', async () => {
    const user = await makeUser(t.db, { password: OLD_PASSWORD });
    const session = await api.login(user.email, OLD_PASSWORD);
    const cookie = session.cookies.find((c) => c.name === 'dynaloop_refresh')!.value;
    const apiToken = await t.app.inject({
      method: 'GET',
      url: '/api/authenticate/generate_api_token',
      headers: { authorization: `Bearer ${session.json<{ token: string }>().token}` },
    });
    const { api_token } = apiToken.json<{ api_token: string }>();

    const token = await requestLink(user.email);
    expect((await api.resolve(token, user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/authenticate/refresh',
      cookies: { dynaloop_refresh: cookie },
    });
    expect(refresh.statusCode).toBe(401);
    const live = await t.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('uid', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);
    const withApiToken = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: { authorization: `Bearer ${api_token}` },
    });
    expect(withApiToken.statusCode).toBe(401);
  });
});

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** The text part of a simple (single-part) mail, transfer encoding undone. */
function mailText(raw: string): { headers: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  let body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') {
    body = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } else if (encoding === 'base64') {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { headers, text: body };
}

describe('password recovery by real mail', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: ReceivedMail[] = [];
  const api = recoveryApi(() => t);

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'http://example.test' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('mails a working link, and the outbox records the delivery', async () => {
    const user = await makeUser(t.db, { password: OLD_PASSWORD });
    expect((await api.initiate(user.email)).statusCode).toBe(200);

    const mail = await until(
      'the mail at the SMTP server',
      async () => {
        await t.runJobs();
        return received.find((m) => m.to.includes(user.email));
      },
      5000,
    );
    const { headers, text } = mailText(mail.raw);
    expect(headers).toMatch(/^subject: Reset your Dynaloop password$/im);
    expect(headers).toMatch(/^from: .*no-reply@dynaloop\.local/im);
    const token = LINK.exec(text)?.[1];
    expect(token, text).toBeDefined();

    expect((await api.resolve(token!, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await api.login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await api.login(user.email, OLD_PASSWORD)).statusCode).toBe(401);

    const row = await until('sent_at', () =>
      t.db
        .selectFrom('outbox_mails')
        .select(['sent_at', 'attempts', 'last_error'])
        .where('uid', '=', user.id)
        .where('sent_at', 'is not', null)
        .executeTakeFirst(),
    );
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row).toMatchObject({ attempts: 1, last_error: null });
  });
});
