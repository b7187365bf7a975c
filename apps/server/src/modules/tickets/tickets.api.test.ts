// Tickets over the demo's tree (IT › Cassa and Rete handled by Luca and Sara, Logistica › Consegne and Personale ›
// Buste paga by Luca): filed in the session's shop under a leaf, answered, closed (no more replies), reopened,
// moved, reminded at most once an hour; the three reaches over shops and categories, another's ticket a 404; search,
// unread replies, attachments checked by content and size; every transition audited and pushed live.
import type { Ticket, TicketSummary } from '@bottega/contracts/tickets';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUserWithAbilities,
  csrfHeaders,
  findUserId,
  multipart,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { jobs } from '../../platform/jobs.schema';
import { notifications } from '../notifications/notifications.schema';
import { ticketCategories, tickets } from './tickets.schema';

let test: TestApp;
/** Marco Rossi, Dipendente of MI01 and MI02: general reach. */
let marco: string;
/** Giulia Neri, Dipendente of MI01 only. */
let giulia: string;
/** Sara Conti, Developer: general and assigned reach (IT). */
let sara: string;
/** Luca Gallo, group Ticket: every reach. */
let luca: string;
const category: Record<string, number> = {};

beforeAll(async () => {
  // A small upload limit, so a too large file is cheap to send.
  test = await createTestApp({ UPLOAD_LIMIT_BYTES: '100000' });
  [marco, giulia, sara, luca] = (await Promise.all(
    ['dipendente', 'commessa', 'developer', 'ticket'].map((login) => signIn(test.app, login)),
  )) as [string, string, string, string];
  await chooseShop(test.app, marco, 'MI01');
  await chooseShop(test.app, giulia, 'MI01');
  for (const row of await test.db.select().from(ticketCategories)) category[row.name] = row.id;
});
afterAll(() => test?.close());

const body = (subject: string, categoryId: number, message = `<p>${subject}</p>`) => ({
  subject,
  categoryId,
  message,
});

function file(name: string, type: string, bytes: Uint8Array | string) {
  return { name, type, bytes };
}
const png = () => {
  const bytes = new Uint8Array(300);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

async function open(token: string, subject: string, categoryId: number): Promise<Ticket> {
  const response = await api(test.app, { method: 'POST', url: '/api/tickets', token, body: body(subject, categoryId) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const get = (token: string, url: string) => api(test.app, { url, token });
const post = (token: string, url: string, payload: unknown = {}) =>
  api(test.app, { method: 'POST', url, token, body: payload });

async function listed(token: string, url: string): Promise<TicketSummary[]> {
  const response = await get(token, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function told(username: string, kind: string, subject: string): Promise<boolean> {
  const rows = await test.db
    .select({ params: notifications.params })
    .from(notifications)
    .where(and(eq(notifications.userId, await findUserId(test.db, username)), eq(notifications.kind, kind)));
  return rows.some((row) => row.params.subject === subject);
}

async function auditOf(id: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'ticket'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

function upload(token: string, url: string, attachment: ReturnType<typeof file>) {
  const { payload, contentType } = multipart(attachment);
  return test.app.inject({
    method: 'POST',
    url,
    headers: { ...csrfHeaders(), authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

describe('filing a ticket', () => {
  it('files it in the session’s shop under a leaf, sanitised, audited, its assignees told and the change pushed', async () => {
    const publish = vi.spyOn(test.app.realtime, 'publish');
    const response = await api(test.app, {
      method: 'POST',
      url: '/api/tickets',
      token: marco,
      body: body('Lettore barcode guasto', category.Cassa as number, '<p>Non legge<script>x()</script> i codici</p>'),
    });
    expect(response.statusCode, response.body).toBe(201);
    const ticket: Ticket = response.json().data;
    expect(ticket).toMatchObject({
      subject: 'Lettore barcode guasto',
      state: 'open',
      shop: { code: 'MI01' },
      category: { id: category.Cassa, path: ['IT', 'Cassa'] },
      author: { name: 'Marco Rossi' },
      closedAt: null,
      unread: false,
    });
    expect(ticket.messages).toEqual([expect.objectContaining({ body: '<p>Non legge i codici</p>', attachments: [] })]);
    expect(await auditOf(ticket.id)).toMatchObject([{ action: 'ticket.opened', toState: 'open' }]);
    expect(await told('developer', 'tickets.created', 'Lettore barcode guasto')).toBe(true);
    expect(await told('ticket', 'tickets.created', 'Lettore barcode guasto')).toBe(true);
    const channels = publish.mock.calls.filter((call) => call[1] === 'tickets.changed').map((call) => call[0]);
    expect(channels).toEqual(
      expect.arrayContaining([
        `private-shop.${ticket.shop.id}`,
        `private-user.${await findUserId(test.db, 'developer')}`,
        `private-user.${await findUserId(test.db, 'ticket')}`,
        // Who manages every ticket sees any shop's, whose channel they do not join.
        `private-user.${await findUserId(test.db, 'admin')}`,
      ]),
    );
    publish.mockRestore();
  });

  it('refuses a parent category, an empty message, bad text and a session without a shop', async () => {
    const parent = await post(marco, '/api/tickets', body('Rete lenta', category.IT as number));
    expect(parent.statusCode).toBe(422);
    expect(parent.json().code).toBe('ticketCategoryNotLeaf');
    expect((await post(marco, '/api/tickets', body('X', 999_999))).json().code).toBe('ticketCategoryNotLeaf');
    const empty = await post(
      marco,
      '/api/tickets',
      body('Vuoto', category.Cassa as number, '<p> </p><script>1</script>'),
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.message).toBeDefined();
    for (const subject of ['a\u0000b', 'a\ud800b', 'x'.repeat(201)]) {
      expect((await post(marco, '/api/tickets', body(subject, category.Cassa as number))).statusCode, subject).toBe(
        422,
      );
    }
    const tooLong = body('Lungo', category.Cassa as number, 'x'.repeat(65_537));
    expect((await post(marco, '/api/tickets', tooLong)).statusCode).toBe(422);
    const noShop = await signIn(test.app, 'dipendente');
    expect((await post(noShop, '/api/tickets', body('Senza negozio', category.Cassa as number))).statusCode).toBe(409);
  });
});

describe('the three reaches', () => {
  it('general: one’s own and one’s shops’ tickets; assigned: the categories one handles; manage: all', async () => {
    const milan = await open(giulia, 'Scaffale rotto', category.Consegne as number);
    const itTicket = await open(marco, 'Stampante etichette', category.Rete as number);

    // Giulia (MI01 only) does not reach Marco's MI02 demo ticket; Marco (MI01, MI02) does.
    const navigli = (await test.db.select().from(tickets).where(eq(tickets.subject, 'Wi-Fi del negozio lento')))[0];
    expect((await get(giulia, `/api/tickets/${navigli?.id}`)).statusCode).toBe(404);
    expect((await get(marco, `/api/tickets/${navigli?.id}`)).statusCode).toBe(200);
    expect((await listed(giulia, '/api/tickets')).map((ticket) => ticket.id)).toContain(itTicket.id);

    // Sara handles IT: she reaches the IT ticket, not the logistics one.
    expect((await get(sara, `/api/tickets/assigned/${itTicket.id}`)).statusCode).toBe(200);
    expect((await get(sara, `/api/tickets/assigned/${milan.id}`)).statusCode).toBe(404);
    const saraList = await listed(sara, '/api/tickets/assigned?perPage=100');
    expect(saraList.map((ticket) => ticket.id)).toContain(itTicket.id);
    expect(saraList.every((ticket) => ticket.category.path[0] === 'IT')).toBe(true);

    // Luca manages: every shop, filtered by one.
    const all = await listed(luca, '/api/tickets/manage?perPage=100');
    expect(all.map((ticket) => ticket.id)).toEqual(expect.arrayContaining([milan.id, itTicket.id]));
    const turin = await listed(
      luca,
      `/api/tickets/manage?perPage=100&shopId=${all.find((t) => t.shop.code === 'TO01')?.shop.id}`,
    );
    expect(turin.length).toBeGreaterThan(0);
    expect(turin.every((ticket) => ticket.shop.code === 'TO01')).toBe(true);

    // A category filter takes the category and those below it.
    const itOnly = await listed(luca, `/api/tickets/manage?perPage=100&categoryId=${category.IT}`);
    expect(itOnly.map((ticket) => ticket.id)).toContain(itTicket.id);
    expect(itOnly.map((ticket) => ticket.id)).not.toContain(milan.id);
  });

  it('refuses each reach without its ability', async () => {
    const nobody = await createUserWithAbilities(test.db, ['tickets.general.view'], { shops: ['MI01'] });
    const token = await signIn(test.app, nobody.username);
    for (const url of ['/api/tickets', '/api/tickets/archive', '/api/tickets/assigned', '/api/tickets/manage/1']) {
      expect((await get(token, url)).statusCode, url).toBe(403);
    }
    expect((await post(token, '/api/tickets/1/replies', { message: 'x' })).statusCode).toBe(403);
    expect((await post(giulia, '/api/tickets/manage/1/reopen')).statusCode).toBe(403);
    expect((await post(sara, '/api/tickets/manage/1/remind')).statusCode).toBe(403);
  });
});

describe('the conversation', () => {
  it('answers, marks unread replies, closes (no more replies), and reopens', async () => {
    const ticket = await open(marco, 'Cassetto della cassa bloccato', category.Cassa as number);
    const answer = await post(sara, `/api/tickets/assigned/${ticket.id}/replies`, {
      message: '<p>Arrivo <em>domani</em>.</p>',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().data.messages).toHaveLength(2);
    expect(await told('dipendente', 'tickets.answered', ticket.subject)).toBe(true);

    const mine = (await listed(marco, '/api/tickets?perPage=100')).find((item) => item.id === ticket.id);
    expect(mine).toMatchObject({ unread: true, lastReplyBy: { name: 'Sara Conti' } });
    await get(marco, `/api/tickets/${ticket.id}`);
    expect((await listed(marco, '/api/tickets?perPage=100')).find((item) => item.id === ticket.id)?.unread).toBe(false);

    expect((await post(marco, `/api/tickets/${ticket.id}/replies`, { message: 'Grazie' })).statusCode).toBe(201);
    expect(await told('developer', 'tickets.replied', ticket.subject)).toBe(true);

    const closed = await post(marco, `/api/tickets/${ticket.id}/close`);
    expect(closed.json().data).toMatchObject({ state: 'closed', closedBy: { name: 'Marco Rossi' } });
    const late = await post(sara, `/api/tickets/assigned/${ticket.id}/replies`, { message: 'Ancora?' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ticketClosed');
    expect((await post(marco, `/api/tickets/${ticket.id}/close`)).json().code).toBe('ticketClosed');
    expect((await listed(marco, '/api/tickets?perPage=100')).some((item) => item.id === ticket.id)).toBe(false);
    expect((await listed(marco, '/api/tickets/archive?perPage=100')).some((item) => item.id === ticket.id)).toBe(true);

    const reopened = await post(luca, `/api/tickets/manage/${ticket.id}/reopen`);
    expect(reopened.json().data).toMatchObject({ state: 'open', closedAt: null, reopenedAt: expect.any(String) });
    expect((await post(sara, `/api/tickets/assigned/${ticket.id}/reopen`)).json().code).toBe('ticketNotClosed');
    expect((await auditOf(ticket.id)).map((entry) => [entry.action, entry.fromState, entry.toState])).toEqual([
      ['ticket.opened', null, 'open'],
      ['ticket.replied', 'open', 'open'],
      ['ticket.replied', 'open', 'open'],
      ['ticket.closed', 'open', 'closed'],
      ['ticket.reopened', 'closed', 'open'],
    ]);
  });

  it('puts the tickets waiting for an answer on their assignees’ dashboard until they answer', async () => {
    const waiting = async (token: string) => {
      const response = await get(token, '/api/dashboard/todos');
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { key: string; count: number; link: string }[]).find(
        (todo) => todo.key === 'ticketsToAnswer',
      );
    };
    const before = (await waiting(sara))?.count ?? 0;
    const ticket = await open(marco, 'Stampante fiscale spenta', category.Rete as number);
    expect(await waiting(sara)).toMatchObject({ count: before + 1, link: '/app/ticket/list?reach=assigned' });
    // Not for the author, who has no categories, nor once the assignee has answered.
    expect(await waiting(marco)).toBeUndefined();
    await post(sara, `/api/tickets/assigned/${ticket.id}/replies`, { message: 'Riavviatela' });
    expect((await waiting(sara))?.count ?? 0).toBe(before);
  });

  it('finds tickets by words of the subject or the messages, from their start', async () => {
    const ticket = await open(marco, 'Bancomat rifiuta le carte', category.Cassa as number);
    await post(sara, `/api/tickets/assigned/${ticket.id}/replies`, {
      message: '<p>Aggiornato il firmware del terminale</p>',
    });
    const search = async (words: string) =>
      (await listed(luca, `/api/tickets/manage?perPage=100&searchValue=${encodeURIComponent(words)}`)).map((t) => t.id);
    expect(await search('bancom')).toContain(ticket.id);
    expect(await search('FIRMWARE terminale')).toContain(ticket.id);
    expect(await search('firmware stampante')).not.toContain(ticket.id);
    expect(await search('&|!:*')).toContain(ticket.id);
  });

  it('moves a ticket to another leaf, its new assignees told; out of an assignee’s categories it leaves their reach', async () => {
    const ticket = await open(marco, 'Pacco arrivato alla cassa', category.Cassa as number);
    expect(
      (await post(sara, `/api/tickets/assigned/${ticket.id}/move`, { categoryId: category.Logistica })).json().code,
    ).toBe('ticketCategoryNotLeaf');
    const moved = await post(sara, `/api/tickets/assigned/${ticket.id}/move`, { categoryId: category.Consegne });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.category.path).toEqual(['Logistica', 'Consegne']);
    expect(await told('ticket', 'tickets.moved', ticket.subject)).toBe(true);
    expect((await get(sara, `/api/tickets/assigned/${ticket.id}`)).statusCode).toBe(404);
    expect((await auditOf(ticket.id)).at(-1)).toMatchObject({
      action: 'ticket.moved',
      data: { fromCategoryId: category.Cassa, toCategoryId: category.Consegne },
    });
  });

  it('reminds the assignees at most once an hour', async () => {
    // Alessandra (administrator) reminds; Luca, who handles Logistica, is reminded.
    const admin = await signIn(test.app, 'admin');
    const ticket = await open(giulia, 'Manca la merce in vetrina', category.Consegne as number);
    const first = await post(admin, `/api/tickets/manage/${ticket.id}/remind`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.remindedAt).toEqual(expect.any(String));
    const again = await post(admin, `/api/tickets/manage/${ticket.id}/remind`);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'ticketRemindedRecently', message: expect.stringContaining('60') });
    expect((await auditOf(ticket.id)).at(-1)?.action).toBe('ticket.reminded');

    // By email: a person's event is mailed out of the box.
    const mails = await test.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, 'notifications.email'));
    expect(
      mails.some(
        (job) =>
          job.payload.kind === 'tickets.reminded' &&
          (job.payload.params as { subject?: string }).subject === ticket.subject,
      ),
    ).toBe(true);

    // An hour later it may be reminded again.
    await test.db
      .update(tickets)
      .set({ remindedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(tickets.id, ticket.id));
    expect((await post(admin, `/api/tickets/manage/${ticket.id}/remind`)).statusCode).toBe(200);
    await post(giulia, `/api/tickets/${ticket.id}/close`);
    expect((await post(admin, `/api/tickets/manage/${ticket.id}/remind`)).json().code).toBe('ticketClosed');
  });
});

describe('attachments', () => {
  it('take images and PDFs on one’s own message while open, within the size limit, and are downloaded', async () => {
    const ticket = await open(marco, 'Foto del guasto', category.Cassa as number);
    const messageId = ticket.messages[0]?.id as number;
    const url = `/api/tickets/${ticket.id}/messages/${messageId}/attachments`;
    const added = await upload(marco, url, file('guasto.png', 'image/png', png()));
    expect(added.statusCode, added.body).toBe(201);
    const attachment = added.json().data;
    expect(attachment).toMatchObject({ fileName: 'guasto.png', contentType: 'image/png', size: 300 });

    const download = await get(sara, `/api/tickets/assigned/${ticket.id}/attachments/${attachment.id}/file?download=1`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect((await get(sara, `/api/tickets/${ticket.id}/attachments/${attachment.id}/file`)).statusCode).toBe(404);
    const shown = await get(marco, `/api/tickets/${ticket.id}`);
    expect(shown.json().data.messages[0].attachments).toEqual([attachment]);

    expect((await upload(marco, url, file('nota.txt', 'text/plain', 'solo testo'))).statusCode).toBe(415);
    expect((await upload(marco, url, file('finta.pdf', 'application/pdf', png()))).statusCode).toBe(422);
    expect(
      (await upload(marco, url, file('grande.png', 'image/png', new Uint8Array(100_001).fill(1)))).statusCode,
    ).toBe(413);
    // Another's message is not one's to attach to.
    expect((await upload(giulia, url, file('altra.png', 'image/png', png()))).statusCode).toBe(404);

    await post(marco, `/api/tickets/${ticket.id}/close`);
    const closed = await upload(marco, url, file('tardi.png', 'image/png', png()));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('ticketClosed');
  });
});
