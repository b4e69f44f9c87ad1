import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type {
  PackAnswer,
  PackPrompt,
  PackVerdict,
  PackView,
  ShortReason,
  WeightReason,
} from '../../shared/pack/types.ts';
import { parseScan } from '../../shared/scan/index.ts';
import { Identifier, packProduct, type PackProduct } from './identify.ts';
import {
  judgeLot,
  judgeUnits,
  nameOf,
  withOverride,
  type Candidate,
  type JudgeContext,
  type Judgement,
  type Sentence,
} from './judge.ts';
import { localDay } from './lots.ts';
import { finishEffects, papersToPrint } from './pack-finish.ts';
import { weighFinish } from './pack-weight.ts';
import { PackError } from './pack-error.ts';
import {
  unitsOf,
  type NewPackEvent,
  type PackEvent,
  type PackRow,
  type PackSnapshot,
} from './pack-store.ts';
import { buildView } from './pack-view.ts';
import type { PackServiceOptions } from './pack-options.ts';

export type { PackServiceOptions, PackSource } from './pack-options.ts';

/** What a pack holds in memory besides its rows: the question waiting and the last verdict. */
interface Session {
  row: PackRow;
  identifier: Identifier;
  prompt: PackPrompt | null;
  /** The unit waiting on the prompt's answer. */
  pending: Candidate | null;
  verdict: PackVerdict | null;
  /** The order's products and every other product this station knows (for names). */
  products: Record<string, PackProduct>;
  /** The pack's events as committed: read once when the session starts, then kept in step. */
  events: PackEvent[];
}

const UNPACKABLE = new Set(['cancelled', 'shipped', 'delivered']);

/**
 * Finished packs whose session stays in memory, so the view just after the finish (or a reload)
 * keeps its verdict. Every session used to stay for the life of the station: the soak (issue
 * #42) saw the heap grow by about 30 kB a pack, each holding its products, events and matcher.
 */
export const FINISHED_SESSIONS_KEPT = 10;

/**
 * Verified packs: opens an order for packing (reading its products and lots once), judges each
 * scan locally and commits it, asks for a lot or a reason when it must, and finishes the pack
 * with its record, the order's `packed` status and the label, as the settings say.
 */
export class PackService {
  private readonly o: PackServiceOptions;
  private readonly sessions = new Map<string, Session>();
  private serial = 0;

  constructor(options: PackServiceOptions) {
    this.o = options;
  }

  /** Opens the order for packing, or resumes its open pack (a restart, a set-aside). */
  async open(orderId: string, expiryWarningDays: number): Promise<PackView> {
    const profileId = this.o.profileId();
    const existing = this.o.store.openFor(profileId, orderId);
    if (existing) return this.view(this.session(existing));
    const source = await this.o.source();
    const order = await source.order(orderId);
    if (UNPACKABLE.has(order.status))
      throw new PackError('cannot_pack', `Order ${orderId} is ${order.status}.`, {
        order: orderId,
        status: order.status,
      });
    const skus = [...new Set(order.items.map((item) => item.sku))];
    const found = await source.products(skus);
    const products: Record<string, PackProduct> = {};
    for (const sku of skus) products[sku] = packProduct(found[sku]);
    const lots: PackSnapshot['lots'] = {};
    const lotsUnread: string[] = [];
    await Promise.all(
      skus
        .filter((sku) => products[sku]?.batchControlled)
        .map(async (sku) => {
          try {
            lots[sku] = await source.lots(sku, order.warehouse);
          } catch {
            lotsUnread.push(sku);
          }
        }),
    );
    // A second open of the same order may have finished meanwhile: resume that one.
    const raced = this.o.store.openFor(profileId, orderId);
    if (raced) return this.view(this.session(raced));
    const row = {
      id: this.o.newId(),
      profileId,
      orderId,
      station: this.o.station(),
      account: this.o.account(),
      snapshot: { order, products, lots, lotsUnread: lotsUnread.sort(), expiryWarningDays },
      startedAt: this.o.clock.now(),
    };
    this.o.store.create(row);
    this.o.record({
      event: 'pack.opened',
      messageKey: 'activity.pack_opened',
      params: { order: orderId },
      message: `Packing of order ${orderId} started`,
    });
    const created = this.o.store.get(row.id);
    if (!created) throw new PackError('not_found', `Pack ${row.id} vanished.`);
    return this.view(this.session(created));
  }

  /** One scan, judged and committed before the answer. */
  scan(packId: string, code: string): PackView {
    const session = this.load(packId);
    const text = code.replace(/[\r\n]+$/, '');
    if (session.row.status !== 'open')
      return this.say(session, 'error', 'packVerdict.finishedAlready', {});
    const ack = this.o.settings().ackCode;
    const prompt = session.prompt;
    if (prompt?.kind === 'lock') {
      if (ack !== null && text.trim() === ack) return this.answer(packId, { kind: 'acknowledge' });
      return this.say(session, 'error', 'packVerdict.locked', {});
    }
    if (ack !== null && text.trim() === ack)
      return this.say(session, 'ok', 'packVerdict.acknowledged', {});
    if (prompt?.kind === 'lot') {
      // The lot's own barcode on the shelf answers the question as well as the list does.
      const chosen = prompt.options.find((o) => o.lot === text.trim());
      if (chosen) return this.answer(packId, { kind: 'lot', lot: chosen.lot });
      this.clearPrompt(session);
    }
    if (prompt?.kind === 'reason') return this.say(session, 'error', 'packVerdict.answerFirst', {});
    if (this.needsNotes(session))
      return this.refuse(
        session,
        text,
        { messageKey: 'packVerdict.notesFirst', params: {} },
        false,
      );
    const parsed = parseScan(text, { now: this.o.clock.now() });
    const found = session.identifier.identify(parsed);
    if (found.kind === 'refused')
      return this.refuse(session, text, {
        messageKey: found.error.messageKey,
        params: found.error.params,
      });
    if (found.kind === 'unknown')
      return this.refuse(session, text, {
        messageKey: 'packVerdict.unknownCode',
        params: { code: printable(text) },
      });
    return this.apply(session, text, judgeUnits(this.context(session), found.units, text));
  }

  /** The packer's answer to the prompt, or to the notes. */
  answer(packId: string, answer: PackAnswer): PackView {
    const session = this.load(packId);
    const prompt = session.prompt;
    switch (answer.kind) {
      case 'notes':
        if (this.needsNotes(session))
          this.commit(session, { at: this.o.clock.now(), kind: 'notes' });
        return this.say(session, 'ok', 'packVerdict.notesAcknowledged', {});
      case 'acknowledge':
        if (prompt?.kind !== 'lock')
          return this.say(session, 'error', 'packVerdict.answerUnexpected', {});
        this.clearPrompt(session);
        return this.say(session, 'ok', 'packVerdict.acknowledged', {});
      case 'cancel':
        if (prompt?.kind !== 'lot' && prompt?.kind !== 'reason')
          return this.say(session, 'error', 'packVerdict.answerUnexpected', {});
        this.clearPrompt(session);
        return this.say(session, 'warning', 'packVerdict.lotCancelled', {});
      case 'lot': {
        if (prompt?.kind !== 'lot' || !session.pending)
          return this.say(session, 'error', 'packVerdict.answerUnexpected', {});
        const option = prompt.options.find((o) => o.lot === answer.lot);
        if (!option)
          return this.say(session, 'error', 'packVerdict.noSuchLot', {
            name: nameOf(session.row.snapshot, prompt.sku),
            lot: answer.lot,
          });
        const pending = session.pending;
        this.clearPrompt(session);
        return this.apply(
          session,
          pending.code,
          judgeLot(this.context(session), pending, option.lot, null),
        );
      }
      case 'reason': {
        if (
          prompt?.kind !== 'reason' ||
          !session.pending ||
          !prompt.reasons.includes(answer.reason)
        )
          return this.say(session, 'error', 'packVerdict.answerUnexpected', {});
        const text = answer.text?.trim() || null;
        if (answer.reason === 'other' && !text)
          return this.say(session, 'error', 'packVerdict.reasonNeedsText', {});
        const pending = session.pending;
        this.clearPrompt(session);
        const judged = withOverride(this.context(session), pending, {
          kind: prompt.why,
          reason: answer.reason,
          text,
        });
        return this.apply(session, pending.code, judged);
      }
    }
  }

  /** Takes back the last counted scan. */
  undo(packId: string): PackView {
    const session = this.load(packId);
    if (session.row.status !== 'open')
      return this.say(session, 'error', 'packVerdict.finishedAlready', {});
    if (session.prompt?.kind === 'lock')
      return this.say(session, 'error', 'packVerdict.locked', {});
    this.clearPrompt(session);
    const last = unitsOf(session.events).at(-1);
    if (!last) return this.say(session, 'warning', 'packVerdict.nothingToUndo', {});
    this.commit(session, { at: this.o.clock.now(), kind: 'undo', of: last.seq });
    return this.say(session, 'warning', 'packVerdict.undone', {
      name: nameOf(session.row.snapshot, last.sku),
      quantity: last.quantity,
    });
  }

  /**
   * Commits the record first (the screen says done only after), then queues the order's
   * `packed` status and prints the label as the settings say. A pack short of units finishes
   * only with a reason, and is recorded as short.
   */
  finish(
    packId: string,
    short?: { reason: ShortReason; text?: string },
    weightOverride?: { reason: WeightReason; text?: string },
  ): PackView {
    const session = this.load(packId);
    if (session.row.status !== 'open')
      return this.say(session, 'error', 'packVerdict.finishedAlready', {});
    if (session.prompt)
      return this.say(
        session,
        'error',
        session.prompt.kind === 'lock' ? 'packVerdict.locked' : 'packVerdict.answerFirst',
        {},
      );
    const view = this.view(session);
    const missing = view.lines.reduce((sum, line) => sum + line.expected - line.scanned, 0);
    if (missing > 0 && !short)
      return this.say(session, 'error', 'packVerdict.notComplete', { missing });
    const shortText = short?.text?.trim() || null;
    if (short?.reason === 'other' && !shortText)
      return this.say(session, 'error', 'packVerdict.reasonNeedsText', {});
    // With a scale, the box is weighed before the record is committed: held while it is off.
    const weight = weighFinish(this.o.scale, view.lines, weightOverride);
    if (weight.kind === 'hold') return this.say(session, 'error', weight.messageKey, weight.params);
    const gate = this.o.finishGate?.(packId);
    if (gate) return this.say(session, 'error', gate.messageKey, gate.params);
    const at = this.o.clock.now();
    const orderId = session.row.orderId;
    if (weight.kind === 'weighed') {
      this.commit(session, { at, kind: 'weighed', weighing: weight.weighing });
      this.o.scale?.taken();
    }
    const papers = papersToPrint(this.o.settings());
    this.o.store.finish(
      packId,
      at,
      short && missing > 0 ? { reason: short.reason, text: shortText } : null,
      () => {
        if (papers.length > 0) this.o.askDocuments?.(packId, papers);
      },
    );
    const units = view.lines.reduce((sum, line) => sum + line.scanned, 0);
    this.o.record({
      event: 'pack.finished',
      messageKey: missing > 0 ? 'activity.pack_finished_short' : 'activity.pack_finished',
      params: { order: orderId, units, missing },
      message:
        missing > 0
          ? `Order ${orderId} packed short: ${units} unit(s), ${missing} missing`
          : `Order ${orderId} packed: ${units} unit(s)`,
    });
    const unmarked = finishEffects(this.o, packId, orderId);
    const finished = this.load(packId);
    this.forgetOldFinished();
    if (unmarked !== null)
      return this.say(finished, 'warning', 'packVerdict.finishedNotMarked', { order: orderId });
    return missing > 0
      ? this.say(finished, 'warning', 'packVerdict.finishedShort', { missing })
      : this.say(finished, 'ok', 'packVerdict.finished', { units });
  }

  /** Sessions in memory: the open packs' and at most FINISHED_SESSIONS_KEPT finished ones. */
  get sessionsHeld(): number {
    return this.sessions.size;
  }

  /** The pack as it stands (the window's view after a reload). */
  get(packId: string): PackView {
    return this.view(this.load(packId));
  }

  private apply(session: Session, code: string, judged: Judgement): PackView {
    switch (judged.kind) {
      case 'refuse':
        return this.refuse(session, code, judged.sentence);
      case 'ask-lot':
        session.pending = judged.candidate;
        session.prompt = {
          kind: 'lot',
          sku: judged.candidate.sku,
          code,
          quantity: judged.candidate.quantity,
          options: judged.options,
        };
        return this.view(session);
      case 'ask-reason':
        session.pending = judged.candidate;
        session.prompt = {
          kind: 'reason',
          why: judged.why,
          sku: judged.candidate.sku,
          lot: judged.candidate.lot ?? '',
          expiry: judged.candidate.expiry,
          fefo: judged.fefo,
          reasons: judged.reasons,
        };
        return this.view(session);
      case 'count': {
        this.commit(session, {
          at: this.o.clock.now(),
          kind: 'unit',
          unit: judged.unit,
        });
        const view = this.say(
          session,
          judged.tone,
          judged.sentence.messageKey,
          judged.sentence.params,
        );
        // With a scale the finish waits for the box's weight (the window finishes on it).
        if (view.complete && this.o.scale?.now())
          return this.say(session, 'ok', 'packVerdict.weight.weighNow', {});
        if (view.complete && this.o.settings().autoFinish) return this.finish(session.row.id);
        if (view.complete && judged.tone === 'ok')
          return this.say(session, 'ok', 'packVerdict.complete', {});
        return view;
      }
    }
  }

  /** A mistake: recorded, and the screen locks until the packer acknowledges it. */
  private refuse(session: Session, code: string, sentence: Sentence, lock = true): PackView {
    this.commit(session, {
      at: this.o.clock.now(),
      kind: 'refused',
      code,
      messageKey: sentence.messageKey,
    });
    const view = this.say(session, 'error', sentence.messageKey, sentence.params);
    if (!lock || !session.verdict) return view;
    session.prompt = { kind: 'lock', verdict: session.verdict };
    return this.view(session);
  }

  private say(
    session: Session,
    tone: PackVerdict['tone'],
    messageKey: MessageKey,
    params: Record<string, string | number>,
  ): PackView {
    // Every verdict has a new serial, so the window sounds once per scan, even for a repeat.
    this.serial += 1;
    session.verdict = { tone, messageKey, params, serial: this.serial };
    return this.view(session);
  }

  /** Commits one event, then keeps the session's copy in step (the store gives its place). */
  private commit(session: Session, event: NewPackEvent): void {
    const seq = this.o.store.append(session.row.id, event);
    session.events.push({ ...event, seq } as PackEvent);
  }

  private clearPrompt(session: Session): void {
    session.prompt = null;
    session.pending = null;
  }

  private needsNotes(session: Session): boolean {
    if (!session.row.snapshot.order.notes) return false;
    return !session.events.some((e) => e.kind === 'notes');
  }

  private context(session: Session): JudgeContext {
    const snapshot = session.row.snapshot;
    const expected = new Map<string, number>();
    for (const item of snapshot.order.items)
      expected.set(item.sku, (expected.get(item.sku) ?? 0) + item.quantity);
    const products = session.products;
    return {
      expected,
      products,
      lots: snapshot.lots,
      units: unitsOf(session.events),
      today: localDay(this.o.clock.now()),
      warningDays: snapshot.expiryWarningDays,
    };
  }

  private load(packId: string): Session {
    const known = this.sessions.get(packId);
    const row = this.o.store.get(packId);
    if (!row || row.profileId !== this.o.profileId())
      throw new PackError('not_found', `No pack ${packId} on this station.`);
    if (known) {
      known.row = row;
      return known;
    }
    return this.session(row);
  }

  private session(row: PackRow): Session {
    const known = this.sessions.get(row.id);
    if (known) return known;
    const products: Record<string, PackProduct> = {};
    for (const [sku, product] of Object.entries(this.o.knownProducts()))
      products[sku] = packProduct(product);
    Object.assign(products, row.snapshot.products);
    const session: Session = {
      row,
      identifier: new Identifier(products, this.o.aliases()),
      products,
      prompt: null,
      pending: null,
      verdict: null,
      events: this.o.store.events(row.id),
    };
    this.sessions.set(row.id, session);
    this.forgetOldFinished();
    return session;
  }

  /** Drops the sessions of finished packs but the newest few (a finished one reloads from its row). */
  private forgetOldFinished(): void {
    const finished = [...this.sessions.values()].filter((s) => s.row.status !== 'open');
    for (const old of finished.slice(0, Math.max(0, finished.length - FINISHED_SESSIONS_KEPT)))
      this.sessions.delete(old.row.id);
  }

  /** The aliases changed: packs open now match the new ones from the next scan. */
  aliasesChanged(): void {
    this.sessions.clear();
  }

  private view(session: Session): PackView {
    const row = this.o.store.get(session.row.id) ?? session.row;
    session.row = row;
    return buildView(row, session.events, {
      prompt: session.prompt,
      verdict: session.verdict,
      settings: this.o.settings(),
      today: localDay(this.o.clock.now()),
      documents: row.status === 'open' ? [] : (this.o.documentsOf?.(row.id) ?? []),
    });
  }
}

/** A scan shown in a sentence: control characters (a GS1 separator) as visible marks. */
const printable = (code: string) =>
  [...code]
    .map((c) => (c.charCodeAt(0) === 29 ? '<GS>' : c.charCodeAt(0) < 32 ? '?' : c))
    .join('')
    .slice(0, 80);
