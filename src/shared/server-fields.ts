import { z } from 'zod';
import type { MessageKey } from './i18n/message-key.ts';

// The fields a warehouse server's settings share (the Redis stations share a key through, the
// PostgreSQL of the fleet's records): a private certificate authority as PEM, and the password
// Save and Test send, which main keeps in the OS keychain and never in a file.

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/** PEM certificate(s) of a private CA to check the server against; null: none. */
export const caPemSchema = (messageKey: MessageKey) =>
  z
    .string()
    .trim()
    .max(100_000)
    .refine((text) => PEM.test(text), {
      message: 'is not a PEM certificate',
      params: { messageKey },
    })
    .nullable();

/** The password as Save and Test send it: absent keeps the kept one, null removes it. */
export const passwordField = z.string().min(1).max(1000).nullable().optional();
