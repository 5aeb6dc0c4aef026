// Prints the ADMIN_PASSWORD_HASH for a password: npx tsx scripts/hash-password.ts 'the password'
import { hashPassword } from '../supabase/functions/_shared/admin-auth.ts';

const password = process.argv[2];
if (!password || password.length < 12) {
  console.error('Give a password of at least 12 characters: npx tsx scripts/hash-password.ts "the password"');
  process.exit(1);
}
console.log(await hashPassword(password));
