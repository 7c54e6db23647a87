export declare const serverBundle: string;
export declare const serverArgs: string[];
export declare const serverEnv: Record<string, string>;
export declare function buildServerIfNeeded(bundle?: string): Promise<boolean>;
