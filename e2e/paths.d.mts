export declare const E2E_DATA_DIR: string;
export declare const E2E_TEMPLATE_DIR: string;
