export declare const API_V8_ARGS: readonly string[];
export declare const TSX_LOADER_ARGS: readonly string[];
export declare const API_NODE_ARGS: readonly string[];
export declare const API_ENTRY: string;
export declare const API_BUILT_ENTRY: string;
export declare function freePort(): Promise<number>;
