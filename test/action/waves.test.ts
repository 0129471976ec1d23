// promotionWaves: the waves of the reusable apply workflow, with validation's own after: rules
// (src/targets/order.ts) rather than a second copy of them.
import { expect, it } from '@jest/globals';
import { MAX_WAVES, promotionWaves } from '../../src/action/waves.js';
import { MAX_WAVES as ORDER_MAX_WAVES } from '../../src/targets/order.js';

it('groups by after:, wave 1 first, always three waves', () => {
  expect(promotionWaves([{ name: 'eu', after: 'prod' }, { name: 'prod', after: 'staging' }, { name: 'staging' }, { name: 'qa' }])).toEqual({ waves: [['staging', 'qa'], ['prod'], ['eu']] });
});

it('says what validation says of a cycle, a deep chain and an unknown name (one set of rules)', () => {
  expect(promotionWaves([{ name: 'a', after: 'b' }, { name: 'b', after: 'a' }])).toEqual({ problem: expect.stringContaining('target a: after makes a cycle (a after b after a)') });
  expect(promotionWaves([{ name: 'a' }, { name: 'b', after: 'a' }, { name: 'c', after: 'b' }, { name: 'd', after: 'c' }])).toEqual({ problem: expect.stringContaining('target d: after makes a chain of 4 targets') });
  expect(promotionWaves([{ name: 'a', after: 'x' }])).toEqual({ problem: expect.stringContaining('after names "x", which is not a target here') });
  expect(MAX_WAVES).toBe(ORDER_MAX_WAVES);
});
