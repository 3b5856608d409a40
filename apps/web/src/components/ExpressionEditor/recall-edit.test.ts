import { describe, expect, it } from 'vitest';
import { addTermToClause, shiftSpan } from './recall-edit';

/** The clause's place as the server gives it: here, found by its text. */
function at(expression: string, text: string, field: string | null) {
  const start = expression.indexOf(text);
  return { span: { start, end: start + text.length }, field };
}

describe('adding a suggested term to a clause', () => {
  it('joins a field group', () => {
    const expression = 'TI=(锂电池 OR 蓄电池) AND AB=正极';
    const edit = addTermToClause(expression, at(expression, '锂电池 OR 蓄电池', 'TI'), '锂离子电池');
    expect(edit?.value).toBe('TI=(锂电池 OR 蓄电池 OR 锂离子电池) AND AB=正极');
    expect(edit && edit.value.slice(edit.clauseSpan.start, edit.clauseSpan.end)).toBe('锂电池 OR 蓄电池 OR 锂离子电池');
  });

  it('makes a group of a single term, keeping the rest of the expression as it was', () => {
    const expression = 'TI=(锂电池 OR 蓄电池) AND AB=正极 NOT PA=比亚迪';
    const edit = addTermToClause(expression, at(expression, '正极', 'AB'), '正电极');
    expect(edit?.value).toBe('TI=(锂电池 OR 蓄电池) AND AB=(正极 OR 正电极) NOT PA=比亚迪');
  });

  it("gives the term the clause's field", () => {
    const expression = 'TI=电池 OR AB=(钠电池 OR 电芯)';
    const edit = addTermToClause(expression, at(expression, '电池', 'TI'), '电池组件');
    expect(edit?.value).toBe('TI=(电池 OR 电池组件) OR AB=(钠电池 OR 电芯)');
    // An OR of one field written term by term: the field is written before the new term.
    const written = 'TI=电池 OR TI=电芯';
    const joined = addTermToClause(written, at(written, '电池 OR TI=电芯', 'TI'), '储能单元');
    expect(joined?.value).toBe('TI=电池 OR TI=电芯 OR TI=储能单元');
  });

  it('adds to a clause of the default field and quotes a term of several words', () => {
    const expression = 'battery AND PD>=2020';
    const edit = addTermToClause(expression, at(expression, 'battery', null), 'lithium-ion cell');
    expect(edit?.value).toBe('(battery OR "lithium-ion cell") AND PD>=2020');
  });

  it('adds nothing to a NOT, a date condition or a clause no longer there', () => {
    const expression = 'TI=电池 NOT PA=比亚迪 AND PD>=2020';
    expect(addTermToClause(expression, at(expression, 'NOT PA=比亚迪', null), '比亚')).toBeUndefined();
    expect(addTermToClause(expression, at(expression, 'PD>=2020', 'PD'), '2019')).toBeUndefined();
    expect(addTermToClause('TI=电池', { span: { start: 10, end: 12 }, field: 'TI' }, '电芯')).toBeUndefined();
  });

  it("moves another clause's place past the edit", () => {
    const expression = 'TI=(锂电池 OR 蓄电池) AND AB=正极';
    const edit = addTermToClause(expression, at(expression, '锂电池 OR 蓄电池', 'TI'), '锂离子电池')!;
    const moved = shiftSpan(at(expression, '正极', 'AB').span, edit.insertions);
    expect(edit.value.slice(moved.start, moved.end)).toBe('正极');
    const again = addTermToClause(edit.value, { span: moved, field: 'AB' }, '正电极');
    expect(again?.value).toBe('TI=(锂电池 OR 蓄电池 OR 锂离子电池) AND AB=(正极 OR 正电极)');
  });
});
