/** The part of http_ece (the encoding web-push uses) the push receiver calls to decrypt. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  type Params = { version: 'aes128gcm'; privateKey: ECDH; authSecret: string };
  const ece: { decrypt(buffer: Buffer, params: Params): Buffer };
  export default ece;
}
