import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generate } from 'selfsigned';

/** Folder inside the data folder that holds Allot's SAML key pair when none is configured. */
export const SAML_KEY_FOLDER = 'saml';
const KEY_FILE = 'sp-key.pem';
const CERT_FILE = 'sp-cert.pem';
const VALID_YEARS = 10;

/**
 * Allot's SAML key pair (to decrypt assertions, sign requests, publish in its metadata): the
 * configured one, else the one generated into the data folder on first start and kept there, so
 * the certificate the IdP registered stays the same across restarts.
 */
export async function samlKeyPair(
  configured: { privateKey: string; cert: string } | null,
  dataDir: string,
  publicUrl: string,
): Promise<{ privateKey: string; cert: string }> {
  if (configured) return configured;
  const folder = path.join(dataDir, SAML_KEY_FOLDER);
  try {
    const [privateKey, cert] = await Promise.all([
      readFile(path.join(folder, KEY_FILE), 'utf8'),
      readFile(path.join(folder, CERT_FILE), 'utf8'),
    ]);
    return { privateKey, cert };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const pems = await generate([{ name: 'commonName', value: new URL(publicUrl).hostname }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + VALID_YEARS * 365 * 24 * 60 * 60 * 1000),
  });
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFile(path.join(folder, KEY_FILE), pems.private, { mode: 0o600 });
  await writeFile(path.join(folder, CERT_FILE), pems.cert);
  return { privateKey: pems.private, cert: pems.cert };
}
