import type { KeyObject } from 'node:crypto';
import { basename } from 'node:path';
import type { CancellationToken } from 'electron-updater';
import { GenericProvider } from 'electron-updater/out/providers/GenericProvider.js';
import { fieldOf } from '../platform/guards.ts';
import { checkSignature, ManifestRefused, SIGNATURE_SUFFIX } from './signature.ts';

/**
 * Signed manifests (issue #43): the update folder's `latest-linux.yml` names the installer and
 * its sha512, so whoever can write the folder can swap both. With release keys set, the station
 * reads the manifest through this provider, which fetches `NAME.sig` beside it and checks the
 * signature over the exact text electron-updater then parses, before it returns that text: a
 * manifest that is not signed by a trusted key never reaches the updater, so nothing downloads.
 */

type ProviderArgs = ConstructorParameters<typeof GenericProvider>;

/**
 * electron-updater's generic provider (the same URLs, channel and retries), whose every text
 * request (the generic provider makes one: the channel's manifest) must come with a good
 * signature by one of `keys`. Downloads do not pass through here; they follow the manifest's
 * sha512, which is now signed.
 */
export function signedProvider(keys: readonly KeyObject[]) {
  return class SignedGenericProvider extends GenericProvider {
    constructor(...[configuration, updater, runtimeOptions]: ProviderArgs) {
      super(configuration, updater, runtimeOptions);
    }

    protected override async httpRequest(
      url: URL,
      headers?: Record<string, string> | null,
      token?: CancellationToken,
    ): Promise<string | null> {
      const text = await super.httpRequest(url, headers, token);
      const signatureUrl = new URL(url.href);
      signatureUrl.pathname += SIGNATURE_SUFFIX;
      let signature: string | null;
      try {
        signature = await super.httpRequest(signatureUrl, headers, token);
      } catch (error) {
        // A folder without the file answers 404: the manifest is unsigned. Anything else (no
        // answer, a 500) is the server's trouble, refused as such by the caller.
        if (fieldOf(error, 'statusCode') !== 404) throw error;
        signature = null;
      }
      const verdict = checkSignature(Buffer.from(text ?? '', 'utf8'), signature, keys);
      if (!verdict.ok) throw new ManifestRefused(verdict.problem, basename(url.pathname));
      return text;
    }
  };
}
