/** The part of `heic-decode` (which ships no types) that pipeline/photos/heif.ts uses. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 8 bits a channel. */
    data: Uint8ClampedArray;
  }
  interface ImageHandle {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface Decode {
    (input: { buffer: Uint8Array }): Promise<DecodedImage>;
    all(input: { buffer: Uint8Array }): Promise<ImageHandle[] & { dispose(): void }>;
  }
  const decode: Decode;
  export default decode;
}
