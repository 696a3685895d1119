// Types of ./layers.mjs for the TypeScript that imports it (its test).
export declare const LAYERS: readonly (readonly [folder: string, floor: number])[];
export declare const SAME_FLOOR: readonly (readonly [from: string, to: string, why: string])[];
export declare function layerZones(
  layers: typeof LAYERS,
  sameFloor?: typeof SAME_FLOOR | null,
): { target: string | string[]; from: string | string[]; message: string }[];
export declare const DATABASE_DOORS: string[];
export declare const DATABASE_PATTERNS: {
  regex: string;
  allowTypeImports: boolean;
  message: string;
}[];
