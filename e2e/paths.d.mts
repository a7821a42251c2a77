export declare const E2E_DATA_DIR: string;
