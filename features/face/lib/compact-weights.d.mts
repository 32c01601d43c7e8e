// Types of features/face/lib/compact-weights.mjs (plain JavaScript, shared with Node scripts).
export type EncodedTensor =
  | { name: string; shape: number[]; kind: 'f32'; values: Float32Array }
  | { name: string; shape: number[]; kind: 'u8'; codes: Uint8Array; min: number; scale: number }
  | { name: string; shape: number[]; kind: 'u8c'; codes: Uint8Array; min: Float32Array; step: Float32Array };
export type DecodedTensor = { name: string; shape: number[]; values: Float32Array };
export function encodeWeights(tensors: EncodedTensor[]): Uint8Array;
export function decodeWeights(bytes: Uint8Array): DecodedTensor[];
