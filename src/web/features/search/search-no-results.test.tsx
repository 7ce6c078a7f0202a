// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_ARGS } from '../../lib/listing-args';
import { renderAt } from '../../test-support/render';
import { SearchNoResults } from './search-no-results';
import type { SearchState } from './search-url';

const categories = [{ slug: 'koncerti', name: 'Concerts' }];
const cities = [{ slug: 'novi-sad', name: 'Novi Sad' }];
const links = () =>
  within(screen.getByTestId('search-suggestions'))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('search without results', () => {
  afterEach(cleanup);

  it('offers the spelling, the other script and the search without each filter', () => {
    const state: SearchState = { q: 'hamlte', args: { ...EMPTY_ARGS, category: 'koncerti', city: 'novi-sad', free: true }, sort: 'relevance' };
    renderAt(<SearchNoResults locale="en" state={state} spelling="Hamlet" categories={categories} cities={cities} />, { path: '/en/search?q=hamlte' });
    expect(screen.getByText('No events for “hamlte”')).toBeTruthy();
    expect(links()).toEqual([
      ['Did you mean “Hamlet”?', '/en/search?q=Hamlet&category=koncerti&city=novi-sad&free=1'],
      ['The same in Cyrillic: “хамлте”', '/en/search?q=%D1%85%D0%B0%D0%BC%D0%BB%D1%82%D0%B5&category=koncerti&city=novi-sad&free=1'],
      ['Without the filter “Concerts”', '/en/search?q=hamlte&city=novi-sad&free=1'],
      // The city may be the remembered one: the way without it forgets the choice (the server's /city link).
      ['Without the filter “Novi Sad”', '/en/city?city=all&back=%2Fen%2Fsearch%3Fq%3Dhamlte%26category%3Dkoncerti%26free%3D1'],
      ['Without the filter “Free”', '/en/search?q=hamlte&category=koncerti&city=novi-sad'],
      ['Clear filters', '/en/city?city=all&back=%2Fen%2Fsearch%3Fq%3Dhamlte'],
    ]);
  });

  it('offers Latin for Cyrillic words, in the page’s language, and nothing it cannot offer', () => {
    const state: SearchState = { q: 'џез', args: { ...EMPTY_ARGS, date: { kind: 'preset', preset: 'today' } }, sort: 'soonest' };
    renderAt(<SearchNoResults locale="sr" state={state} spelling={null} categories={categories} cities={cities} />, { path: '/sr/search?q=x' });
    expect(links()).toEqual([
      ['Isto latinicom: „džez”', '/sr/search?q=d%C5%BEez&when=today&sort=soonest'],
      ['Bez filtera „Danas”', '/sr/search?q=%D1%9F%D0%B5%D0%B7&sort=soonest'],
    ]);
  });

  it('shows no list of ways on when there is none', () => {
    renderAt(<SearchNoResults locale="en" state={{ q: '—', args: EMPTY_ARGS, sort: 'relevance' }} spelling={null} categories={[]} cities={[]} />);
    expect(screen.getByTestId('empty-state')).toBeTruthy();
    expect(screen.queryByTestId('search-suggestions')).toBeNull();
  });
});
