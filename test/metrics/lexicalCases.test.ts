/**
 * The lexical provider as a user meets it: a reference point and an answer (or an answer and
 * its contexts), and whether a reader would say the answer covers it. Paraphrases the
 * provider can see, number and unit formats, negations, refusals; and, marked "cannot see",
 * what overlap honestly misses (the README says so too).
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { scoreLexical } from '../../src/metrics/lexical.ts'
import { scoreRules } from '../../src/metrics/deterministic.ts'
import { isRefusal } from '../../src/metrics/rules.ts'
import { DEFAULT_REFUSAL_PHRASES } from '../../src/schemas/config.ts'
import { makeOutput, makeRow, makeRules } from './factories.ts'

type Case = [reference: string, answer: string, covered: boolean, why: string]

function completeness(reference: string, answer: string): number | null {
  return scoreLexical(makeRow({ reference_points: [reference] }), makeOutput({ answer }), false).scores.completeness_norm!.value
}

function checkAll(cases: readonly Case[]): void {
  for (const [reference, answer, covered, why] of cases) {
    it(`${covered ? 'covers' : 'does not cover'} "${reference}" with "${answer}" (${why})`, () => {
      assert.equal(completeness(reference, answer), covered ? 1 : 0)
    })
  }
}

describe('English reference points: paraphrases the provider sees', () => {
  checkAll([
    ['Monthly reports are due on the 5th', 'Reports are due on the 5th of each month.', true, 'monthly / month'],
    ['Refunds take 10 days', 'A refund takes ten days.', true, 'plural, verb form and number word'],
    ['The plan supports SSO', 'SSO is supported on this plan.', true, 'supports / supported'],
    ['Employees can request remote work', 'An employee may request to work remotely.', true, 'remote / remotely'],
    ['Annual plans are billed yearly', 'Annual plans are billed once a year.', true, 'yearly / year'],
    ['SSO requires the Enterprise plan', 'sso requires the enterprise plan', true, 'case'],
    ['Plan costs 10 USD', 'Plan costs １０ ＵＳＤ', true, 'full-width forms'],
    ['Cancel anytime before renewal', 'You can cancel at any time before the renewal.', true, 'anytime / any time'],
  ])
})

describe('English reference points: hyphens, either way round', () => {
  checkAll([
    ['Book a follow-up call', 'You can book a follow up call.', true, 'follow-up / follow up'],
    ['Book a follow-up call', 'Book a followup call.', true, 'follow-up / followup'],
    ['Book a followup call', 'Book a follow‑up call.', true, 'followup / follow-up with a non-breaking hyphen'],
    ['Follow up within 24 hours', 'We send a followup within 24h.', true, 'follow up / followup, 24 hours / 24h'],
    ['The 30-day trial', 'a trial of 30 days', true, '30-day / 30 days'],
    ['Part-time staff get 10 days of leave', 'Staff working part time get 10 days leave.', true, 'part-time / part time'],
    ['Access runs Monday–Friday', 'Access runs Monday to Friday.', true, 'an en dash separates, it does not join'],
  ])
})

describe('English reference points: numbers, currencies and units', () => {
  checkAll([
    ['Refunds are issued within 14 days', 'Refunds are issued within fourteen days.', true, 'number word'],
    ['Twenty-five seats are included', '25 seats are included.', true, 'hyphenated number word'],
    ['The limit is 25 seats', 'The limit is twenty seats.', false, 'a different number'],
    ['Trial lasts 30 days', 'The trial lasts fourteen days.', false, 'a different number in words'],
    ['The fee is $10', 'The fee is 10 dollars.', true, '$10 / 10 dollars'],
    ['The fee is $10', 'The fee is USD 10.', true, '$10 / USD 10'],
    ['The fee is 10 dollars', 'The fee is $10.00.', true, '10 dollars / $10.00'],
    ['The fee is $10', 'The fee is $12.', false, 'a different amount'],
    ['A 10% discount applies', 'A discount of 10 percent applies.', true, '10% / 10 percent'],
    ['A discount of 10 percent', 'You get a 10% discount.', true, '10 percent / 10%'],
    ['The cap is $1,000 per month', 'The cap is $1000 a month.', true, 'thousands separator'],
    ['The cap is $1,000', 'The cap is $1k.', true, '$1k'],
    ['The cap is $2 million', 'The cap is $2,000,000.', true, '2 million / 2,000,000'],
    ['Payouts happen on the 1st of each month', 'Payouts happen on the first day of every month.', true, '1st / first'],
    ['Support replies within 4 hours', 'Support replies within 4 hrs.', true, 'hours / hrs'],
    ['The first two weeks are free', 'The first 2 weeks are free.', true, '"first two" is first and 2, not 3'],
  ])
})

describe('English reference points: negations', () => {
  checkAll([
    ['We do not accept PayPal', 'We accept PayPal.', false, 'the negation is missing'],
    ['We accept PayPal', 'We do not accept PayPal.', false, 'the answer negates it'],
    ['We do not accept PayPal', 'PayPal is not accepted.', true, 'both negate it'],
    ['We don’t accept PayPal', 'We never accept PayPal.', true, 'curly apostrophe, never'],
    ['We do not accept PayPal', 'We accept PayPal, but not cash.', false, 'the answer negates something else'],
    ['We accept PayPal', 'We accept PayPal but not cash.', true, 'the negation is about cash'],
    ['Refunds cannot be issued after 30 days', 'No refunds after 30 days.', true, 'cannot / no'],
    ['The trial lasts 14 days', 'The trial is 14 days long and you do not need a credit card.', true, 'the negation belongs to the second clause'],
    ['Receipts are required for all expenses', 'Receipts are not required for small expenses.', false, 'the answer negates it'],
    ['Guests are allowed without an invitation', 'Guests need an invitation.', false, 'without is a negation'],
    ["Users can't delete projects", 'Users can delete projects.', false, "can't is a negation"],
    ['Expenses must not exceed $200 per night', 'Expenses are capped at $200 per night.', true, '"must not exceed" is a bound, not a negation'],
    ['Claims are paid no later than 30 days after approval', 'Claims are paid within 30 days after approval.', true, '"no later than" is a bound'],
  ])
})

describe('English reference points: what overlap cannot see', () => {
  checkAll([
    ['Refunds are processed in 10 days', 'You get your money back in ten days.', false, 'cannot see: synonyms (refund / money back)'],
    ['Unused days expire at year end', 'Days you do not take are lost on 31 December.', false, 'cannot see: a paraphrase with other words'],
  ])
})

describe('Chinese reference points (character bigrams; unchanged except for negation)', () => {
  checkAll([
    ['一线500元', '一线城市住宿每晚不超过 500 元', true, 'bigrams and number'],
    ['一线500元', '一线城市住宿每晚不超过 600 元', false, 'a different number'],
    ['每晚500元', '每晚５００元', true, 'full-width digits'],
    ['报销上限1000元', '报销上限为每月 1,000 元', true, 'thousands separator'],
    ['带薪年假5天', '员工每年享有 5 天带薪年假', true, 'word order'],
    ['病假不影响当年年假天数', '请病假不会影响当年的年假天数', true, 'both negate it'],
    ['病假不影响当年年假天数', '病假会影响当年年假天数', false, 'the negation is missing'],
    ['病假会影响年假天数', '病假不会影响年假天数', false, 'the answer negates it'],
    ['远程办公日加班不发放餐补', '远程办公日加班同样发放餐补', false, 'the negation is missing'],
    ['远程办公日加班不发放餐补', '远程办公日加班的不发放加班餐补', true, 'both negate it'],
    ['不能同时领取加班餐补和出差伙食补贴', '不重复领取加班餐补和出差伙食补贴', true, 'different negations of the same thing'],
    ['事假为无薪假期', '年假、婚假等带薪假期不影响全勤奖', false, '无薪 (unpaid) is not 带薪 (paid)'],
    ['每月补卡不超过3次', '补卡每月不超过 3 次', true, '不超过 is a bound'],
    ['连续加班不得超过6天', '原则上连续加班不得超过 6 天', true, '不得超过 is a bound'],
    ['年假可结转至次年3月31日', '当年未休完的年假可结转至次年 3 月 31 日', true, '未 negates the relative clause only'],
    ['经直属主管审批', '经直属主管审批后按实际金额报销', true, 'plain overlap'],
    ['试用期员工不适用', '试用期员工不适用远程办公', true, 'both negate it'],
    ['试用期员工适用', '试用期员工不适用远程办公', false, 'the answer negates it'],
    ['高铁二等座实报实销', '高铁二等座实报实销、无需审批', true, 'a negation elsewhere does not matter'],
    ['这种情况非常少见', '这种情况非常少见', true, '非常 is not a negation'],
    ['会影响全勤奖', '会不会影响全勤奖要看情况', true, 'an A-not-A question is not a negation'],
  ])
})

describe('faithfulness: answer clauses against the contexts', () => {
  const cases: [answer: string, context: string, supported: boolean, why: string][] = [
    ['We accept PayPal.', 'We do not accept PayPal.', false, 'the contexts negate it'],
    ['Refunds are issued within fourteen days.', 'Refunds are issued within 14 days of the request.', true, 'number word'],
    ['The Pro plan costs 49 dollars a month.', 'The Pro plan costs $49 per month.', true, 'currency written out'],
    ['The Pro plan costs $59 per month.', 'The Pro plan costs $49 per month.', false, 'a changed number'],
    ['婚假可以拆分休', '婚假 10 天，须一次性休完、不可拆分。', false, 'the contexts negate it'],
  ]
  for (const [answer, context, supported, why] of cases) {
    it(`${supported ? 'supports' : 'does not support'} "${answer}" from "${context}" (${why})`, () => {
      const { scores } = scoreLexical(makeRow(), makeOutput({ answer, contexts: [context] }), false)
      assert.equal(scores.faithfulness!.value, supported ? 1 : 0)
    })
  }
})

describe('refusals under the default phrases', () => {
  const cases: [answer: string, refusal: boolean][] = [
    ['I don’t know.', true],
    ["I'm sorry, but I can't help with that.", true],
    ['I’m sorry, but I can’t help with that', true],
    ['I cannot answer that question.', true],
    ['That is not in the knowledge base.', true],
    ['I have no information about that.', true],
    ['I dont know', true],
    ['I’m unable to answer this.', true],
    ['I DON’T KNOW', true],
    ['不知道', true],
    ['抱歉，知识库中没有相关信息。', true],
    ['The refund window is 30 days [doc1].', false],
    ['You cannot cancel an annual plan mid-term [doc2].', false],
    ['一线城市住宿每晚不超过500元[文档1]。', false],
  ]
  for (const [answer, refusal] of cases) {
    it(`"${answer}" ${refusal ? 'is' : 'is not'} a refusal`, () => {
      assert.equal(isRefusal(answer, DEFAULT_REFUSAL_PHRASES), refusal)
    })
  }

  it('matches a configured phrase whatever apostrophe either side uses', () => {
    assert.equal(isRefusal('I don’t have that', ["don't have"]), true)
    assert.equal(isRefusal("I don't have that", ['don’t have']), true)
  })
})

describe('over-refusal: an answerable question that was refused', () => {
  it('fails no_over_refusal and says so, instead of only "no citation"', () => {
    const scores = scoreRules(makeRow(), 'I’m sorry, but I can’t help with that.', makeRules())
    assert.equal(scores.no_over_refusal?.value, 0)
    assert.match(scores.no_over_refusal?.reason ?? '', /over_refusal: refused an answerable question/)
    assert.match(scores.citation_ok?.reason ?? '', /over_refusal: refused an answerable question/)
    assert.equal(scores.rules_pass?.value, 0)
    assert.match(scores.rules_pass?.reason ?? '', /no_over_refusal/)
  })

  it('passes an answered question', () => {
    const scores = scoreRules(makeRow(), 'The refund window is 30 days [doc1].', makeRules())
    assert.equal(scores.no_over_refusal?.value, 1)
  })

  it('does not apply to a should-refuse question (refuse_ok judges those)', () => {
    const scores = scoreRules(makeRow({ should_refuse: true }), 'I don’t know.', makeRules())
    assert.equal(scores.no_over_refusal, undefined)
    assert.equal(scores.refuse_ok?.value, 1)
  })
})
