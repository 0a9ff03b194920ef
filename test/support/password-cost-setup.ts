import { setPasswordCostForTests } from '../../functions/domain/auth/passwords';

/**
 * Test files that sign users up and in through the real handlers hash with scrypt at N = 1,024
 * instead of the product's 16,384: the same code and stored format, 16× less CPU per hash (the
 * suite makes thousands). `functions/domain/auth/passwords.test.ts` holds the product's own cost.
 */
setPasswordCostForTests(1024);
