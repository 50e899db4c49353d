export declare const API_NODE_ARGS: readonly string[];
export declare const API_ENTRY: string;
export declare function freePort(): Promise<number>;
