export declare function buildApi(): Promise<void>;
