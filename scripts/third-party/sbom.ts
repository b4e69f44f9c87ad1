// The bill of materials IT asks for before rolling out desktop software (issue #43): a CycloneDX
// 1.6 JSON document of what ships in app.asar (asar-contents.ts), made with OWASP's own
// CycloneDX library so its shape follows the specification rather than our reading of it.
// Packages carry the SHA-512 npm recorded for the exact tarball it installed (package-lock's
// `integrity`, the hash advisories and registries know a release by); font files their SHA-256.
import { Enums, Models, Serialize, Spec } from '@cyclonedx/cyclonedx-library';
import { Factories } from '@cyclonedx/cyclonedx-library/Contrib/License';
import type { AsarContents } from './asar-contents.ts';
import { parseSpdx } from './license-policy.ts';

/** `Packbench-0.1.0.cdx.json`: beside the installers, named like them. */
export function sbomFileName(productName: string, version: string): string {
  return `${productName}-${version}.cdx.json`;
}

export interface SbomInput {
  product: { name: string; version: string; license: string };
  contents: AsarContents;
  /** package-lock.json's `packages` (path → entry with `version` and `integrity`). */
  lock: Record<string, { version?: string; integrity?: string }>;
  /** When the build ran (SOURCE_DATE_EPOCH for a reproducible file). */
  timestamp: Date;
}

/** name@version → the hex SHA-512 of the tarball npm installed, from its `sha512-…` integrity. */
function tarballHashes(lock: SbomInput['lock']): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const [path, entry] of Object.entries(lock)) {
    const at = path.lastIndexOf('node_modules/');
    const sha512 = /^sha512-([A-Za-z0-9+/=]+)$/.exec(entry.integrity ?? '')?.[1];
    if (at === -1 || !entry.version || !sha512) continue;
    const name = path.slice(at + 'node_modules/'.length);
    hashes.set(`${name}@${entry.version}`, Buffer.from(sha512, 'base64').toString('hex'));
  }
  return hashes;
}

/** pkg:npm/%40scope/name@1.2.3, as the purl specification spells an npm package. */
export function npmPurl(name: string, version: string): string {
  const [scope, bare] = name.startsWith('@') ? name.split('/', 2) : [undefined, name];
  const path = scope ? `${encodeURIComponent(scope)}/${encodeURIComponent(bare ?? '')}` : name;
  return `pkg:npm/${path}@${encodeURIComponent(version)}`;
}

/** The CycloneDX JSON text (with a final newline). */
export function makeSbom(input: SbomInput): string {
  // The library asks for an SPDX expression checker: the one our licence policy already uses.
  const licences = new Factories.LicenseFactory((expression) => void parseSpdx(expression));
  const licence = (expression: string) => {
    const repository = new Models.LicenseRepository();
    repository.add(licences.makeFromString(expression));
    return repository;
  };
  const property = (name: string, value: string) => new Models.Property(name, value);
  const hashes = tarballHashes(input.lock);
  const bom = new Models.Bom();
  bom.metadata.timestamp = input.timestamp;
  bom.metadata.component = new Models.Component(
    Enums.ComponentType.Application,
    input.product.name,
    { version: input.product.version, licenses: licence(input.product.license) },
  );
  bom.metadata.tools.tools.add(
    new Models.Tool({ vendor: 'Packbench', name: 'scripts/third-party/sbom.ts' }),
  );
  for (const pkg of input.contents.packages) {
    const sha512 = hashes.get(`${pkg.name}@${pkg.version}`);
    const component = new Models.Component(Enums.ComponentType.Library, pkg.name, {
      bomRef: npmPurl(pkg.name, pkg.version),
      version: pkg.version,
      purl: npmPurl(pkg.name, pkg.version),
      ...(pkg.license ? { licenses: licence(pkg.license) } : {}),
      scope: Enums.ComponentScope.Required,
    });
    if (sha512) component.hashes.set(Enums.HashAlgorithm['SHA-512'], sha512);
    // Where in the app it is: app.asar's node_modules, or compiled into a bundle.
    component.properties.add(property('packbench:ships-in', pkg.where.join(' ')));
    bom.components.add(component);
  }
  for (const font of input.contents.fonts) {
    const ofl = font.licenceText && /SIL OPEN FONT LICENSE/i.test(font.licenceText);
    const component = new Models.Component(
      Enums.ComponentType.File,
      font.path.slice(font.path.lastIndexOf('/') + 1),
      {
        bomRef: `file:${font.path}`,
        ...(ofl ? { licenses: licence('OFL-1.1') } : {}),
        scope: Enums.ComponentScope.Required,
      },
    );
    component.hashes.set(Enums.HashAlgorithm['SHA-256'], font.sha256);
    component.properties.add(property('packbench:path', font.path));
    bom.components.add(component);
  }
  const serializer = new Serialize.JsonSerializer(
    new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6),
  );
  return `${serializer.serialize(bom, { sortLists: true, space: 2 })}\n`;
}
