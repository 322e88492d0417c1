import { SecretBox } from '../../src/config/secret-box';

/**
 * The SECRET_KEY of the test runs (set by createTestApp and the template
 * database), so a test can open what the service sealed (`testSecretBox`).
 */
export const TEST_SECRET_KEY = 'commerce-api-test-runs-secret-key-0123456789';
export const testSecretBox = SecretBox.fromSecretKey(TEST_SECRET_KEY);
