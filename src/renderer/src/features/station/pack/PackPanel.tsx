import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PackPrompt, PackVerdict, PackView } from '@shared/pack/types.ts';
import { ErrorText } from '@renderer/ui/ErrorText.tsx';
import { usePack } from './pack-store.ts';
import { LotPrompt } from './LotPrompt.tsx';
import { PackLock } from './PackLock.tsx';
import { ReasonChooser } from './ReasonChooser.tsx';

// Dark enough for white text (green, red), light enough for dark text (amber).
const TONE_COLOR: Record<PackVerdict['tone'], string> = {
  ok: 'green.9',
  warning: 'yellow.4',
  error: 'red.9',
};

/** The order's notes, large, until the packer says they were read (Enter in the scan field). */
function PackNotes({ notes, onRead }: { notes: string; onRead: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" data-testid="pack-notes">
      <Stack gap="sm">
        {/* The title in dark text: the alert's own title colour is too pale on amber. */}
        <Text size="lg" fw={700} c="dark.9">
          {t('pack.notes.title')}
        </Text>
        <Text fz={28} fw={800} lh={1.25} style={{ whiteSpace: 'pre-wrap' }} c="dark.9">
          {notes}
        </Text>
        <Group justify="space-between">
          <Text size="lg" c="dark.9">
            {t('pack.notes.hint')}
          </Text>
          <Button size="md" color="dark" onClick={onRead}>
            {t('pack.notes.confirm')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The newest verdict: green, amber or red, in one sentence; keyed so each one is said anew. */
function VerdictBanner({ verdict }: { verdict: PackVerdict }) {
  const { t } = useTranslation();
  return (
    <Alert
      key={verdict.serial}
      color={TONE_COLOR[verdict.tone]}
      variant="filled"
      role={verdict.tone === 'error' ? 'alert' : 'status'}
      data-testid="pack-verdict"
      data-tone={verdict.tone}
      data-serial={verdict.serial}
      py="xs"
    >
      <Text fz={24} fw={700} lh={1.3} c={verdict.tone === 'warning' ? 'dark.9' : 'white'}>
        {t(verdict.messageKey, verdict.params)}
      </Text>
    </Alert>
  );
}

/** A lot that needs a reason: not the first to expire, or unknown to the inventory. */
function ReasonPrompt({ prompt }: { prompt: Extract<PackPrompt, { kind: 'reason' }> }) {
  const { t } = useTranslation();
  const answer = usePack((s) => s.answer);
  const { lot, fefo } = prompt;
  const title =
    prompt.why === 'not_fefo'
      ? t('pack.reasonPrompt.notFefoTitle', { lot })
      : t('pack.reasonPrompt.unknownTitle', { lot });
  const body =
    prompt.why === 'unknown_lot'
      ? t('pack.reasonPrompt.unknownBody')
      : fefo
        ? t('pack.reasonPrompt.notFefoBody', {
            lot,
            fefo: fefo.lot,
            expiry: fefo.expiry ?? t('pack.noExpiry'),
          })
        : t('pack.reasonPrompt.notFefoNoOther', { lot });
  return (
    <ReasonChooser
      title={title}
      body={body}
      reasons={prompt.reasons}
      confirmLabel={t('pack.reasonPrompt.confirm')}
      testId="pack-reason-prompt"
      onChoose={(reason, text) =>
        void answer({ kind: 'reason', reason, ...(text !== undefined ? { text } : {}) })
      }
      onCancel={() => void answer({ kind: 'cancel' })}
    />
  );
}

/** What waits on the packer: the lot list or a reason (the red lock is the screen's). */
function Prompt({ view }: { view: PackView }) {
  const answer = usePack((s) => s.answer);
  const prompt = view.prompt;
  if (!prompt) return null;
  switch (prompt.kind) {
    case 'lock':
      // Shown across the whole screen, above the scan field (PackLockRegion).
      return null;
    case 'lot':
      return (
        <LotPrompt
          key={`${prompt.sku}:${prompt.code}`}
          sku={prompt.sku}
          options={prompt.options}
          onChoose={(lot) => void answer({ kind: 'lot', lot })}
          onCancel={() => void answer({ kind: 'cancel' })}
        />
      );
    case 'reason':
      return <ReasonPrompt key={`${prompt.sku}:${prompt.lot}`} prompt={prompt} />;
  }
}

/** The order's notes once read, kept in view for the rest of the pack. */
function PackNotesRead({ view }: { view: PackView }) {
  const { t } = useTranslation();
  if (!view.notes || !view.notesAcknowledged) return null;
  return (
    <Text size="lg" data-testid="pack-notes-read">
      <strong>{t('pack.notes.read')}:</strong> {view.notes}
    </Text>
  );
}

/** The notes once read, beside the scan field, for the order on the card. */
export function PackSideNotes({ orderId }: { orderId: string }) {
  const view = usePack((s) => (s.view?.orderId === orderId && !s.aside ? s.view : null));
  return view ? <PackNotesRead view={view} /> : null;
}

/** The red lock of the order on the card, across the whole screen above the scan field. */
export function PackLockRegion({ orderId }: { orderId: string }) {
  const { view, aside, answer } = usePack(['view', 'aside', 'answer']);
  const prompt = view?.orderId === orderId && !aside ? view.prompt : null;
  if (prompt?.kind !== 'lock' || !view) return null;
  return (
    <PackLock
      verdict={prompt.verdict}
      ackCode={view.settings.ackCode}
      onAcknowledge={() => void answer({ kind: 'acknowledge' })}
    />
  );
}

/**
 * The pack's top of the card: opening, notes to read, what waits on the packer, the newest
 * verdict, and what main refused. Shown for the order on the card only.
 */
export function PackPanel({
  orderId,
  notesRead = true,
}: {
  orderId: string;
  /** Shows the notes once read; false when the side of the screen shows them (PackSideNotes). */
  notesRead?: boolean;
}) {
  const { t } = useTranslation();
  const { view, opening, aside, error, answer, resume } = usePack([
    'view',
    'opening',
    'aside',
    'error',
    'answer',
    'resume',
  ]);
  const mine = view?.orderId === orderId ? view : null;
  return (
    <Stack gap="sm" data-testid="pack-panel">
      {opening === orderId && (
        <Group>
          <Loader size="sm" />
          <Text>{t('pack.opening', { id: orderId })}</Text>
        </Group>
      )}
      {error?.orderId === orderId && (
        <Alert
          color="red"
          role="alert"
          data-testid="pack-error"
          title={
            error.kind === 'open' ? t('pack.openFailed', { id: orderId }) : t('pack.actionFailed')
          }
        >
          <ErrorText error={error.error} />
        </Alert>
      )}
      {mine && aside && (
        <Alert color="blue" role="status" data-testid="pack-aside">
          <Group justify="space-between">
            <Text>{t('pack.aside.done', { id: orderId })}</Text>
            <Button size="md" onClick={() => void resume()}>
              {t('pack.aside.resume', { id: orderId })}
            </Button>
          </Group>
        </Alert>
      )}
      {mine && !aside && (
        <>
          {mine.notes && !mine.notesAcknowledged && (
            <PackNotes notes={mine.notes} onRead={() => void answer({ kind: 'notes' })} />
          )}
          <Prompt view={mine} />
          {mine.verdict && mine.prompt?.kind !== 'lock' && <VerdictBanner verdict={mine.verdict} />}
          {mine.lotsUnread.length > 0 && (
            <Alert color="orange" data-testid="pack-lots-unread">
              <Text c="dark.9">{t('pack.lotsUnread', { skus: mine.lotsUnread.join(', ') })}</Text>
            </Alert>
          )}
          {notesRead && <PackNotesRead view={mine} />}
        </>
      )}
    </Stack>
  );
}
