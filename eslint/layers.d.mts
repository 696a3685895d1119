// Types of ./layers.mjs for the TypeScript that imports it (its test).
export declare const LAYERS: readonly (readonly [folder: string, floor: number])[];
export declare function layerZones(
  layers: typeof LAYERS,
): { target: string | string[]; from: string | string[]; message: string }[];
