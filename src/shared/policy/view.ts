import type { PolicySection } from './schema.ts';

/** The machine policy as the window sees it (issue #31): where it is, and what it sets. */
export interface PolicyView {
  /** The policy file in effect; null: this machine has none. */
  file: string | null;
  /** Each part of the settings IT locked: shown as set by IT, refused by main. */
  locked: Record<PolicySection, boolean>;
  /** The window's own settings IT set (null: the operator's choice stands). */
  language: 'en' | 'pt-BR' | 'es' | null;
  muted: boolean | null;
  expiryWarningDays: number | null;
}
