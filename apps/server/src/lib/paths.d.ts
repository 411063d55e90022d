export declare const serverRoot: string;
export declare const migrationsDir: string;
