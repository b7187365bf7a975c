// A software WebAuthn authenticator for API tests: an ES256 key per credential, "none" attestation,
// user presence and verification always given. It answers the options the server hands out exactly
// like @simplewebauthn/browser would (the JSON forms), so the server's real verification runs.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

type Credential = { id: Buffer; privateKey: KeyObject; publicKeyCose: Uint8Array; userHandle: string; counter: number };

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | Buffer | string) => createHash('sha256').update(bytes).digest();

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

export class VirtualAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(private readonly origin: string) {}

  private get rpIdHash() {
    return sha256(new URL(this.origin).hostname);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a new credential for the options' user. */
  register(options: Record<string, unknown>, overrides: { origin?: string; reuse?: Credential } = {}) {
    const { challenge, user } = options as { challenge: string; user: { id: string } };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const publicKeyCose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    // `reuse`: the same credential id again, as an authenticator that ignores excludeCredentials would.
    const credential: Credential = overrides.reuse ?? {
      id: randomBytes(32),
      privateKey,
      publicKeyCose,
      userHandle: user.id,
      counter: 0,
    };
    if (!overrides.reuse) this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = Buffer.concat([
      this.rpIdHash,
      Buffer.from([0x45]),
      uint32(0),
      Buffer.alloc(16),
      idLength,
      credential.id,
      Buffer.from(credential.publicKeyCose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', challenge, overrides.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): an assertion by one of the allowed (or, with none listed, any) credentials. */
  authenticate(options: Record<string, unknown>, credential: Credential | undefined = this.credentials[0]) {
    const { challenge } = options as { challenge: string };
    if (!credential) throw new Error('the virtual authenticator holds no credential');
    credential.counter += 1;
    // Flags: user present and verified.
    const authenticatorData = Buffer.concat([this.rpIdHash, Buffer.from([0x05]), uint32(credential.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
