import { describe, expect, it } from 'vitest';
import { isValidIpRange } from './cidr';

describe('IP range validation', () => {
  it.each([
    '10.0.0.0/8',
    '192.168.1.0/24',
    '0.0.0.0/0',
    '203.0.113.7',
    '203.0.113.7/32',
    ' 172.16.0.0/12 ',
    '2001:db8::/32',
    '::1',
    '::/0',
    'fe80::1:2:3:4/64',
    '2001:0db8:0000:0000:0000:ff00:0042:8329/128',
    '::ffff:10.0.0.1/128',
  ])('accepts %s', (range) => expect(isValidIpRange(range)).toBe(true));

  it.each([
    '',
    '10.0.0.0/33',
    '256.1.1.1',
    '10.0.0/8',
    '10.0.0.01/8',
    '10.0.0.0/',
    '10.0.0.0/8/1',
    '10.0.0.0/-1',
    '2001:db8::/129',
    '2001:db8:::1',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    'fe80::1%eth0',
    '<script>alert(1)</script>',
    "1' OR '1'='1",
  ])('refuses %s', (range) => expect(isValidIpRange(range)).toBe(false));
});
