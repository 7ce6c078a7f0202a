import { describe, expect, it } from 'vitest';
import { cityChoiceHref, safeCityBack } from './city-choice';

describe('choosing a city', () => {
  it('links to the server’s choice with the page to come back to', () => {
    expect(cityChoiceHref('uk', 'novi-sad', '/uk/?when=today')).toBe('/uk/city?city=novi-sad&back=%2Fuk%2F%3Fwhen%3Dtoday');
    expect(cityChoiceHref('sr', null, '/sr/')).toBe('/sr/city?city=all&back=%2Fsr%2F');
  });

  it('goes back only to a page of this site, without the city the link named or a cursor', () => {
    expect(safeCityBack('/sr/categories/koncerti?city=beograd&when=today&cursor=x', '/sr')).toBe('/sr/categories/koncerti?when=today');
    for (const outside of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', '', null]) {
      expect(safeCityBack(outside, '/sr'), String(outside)).toBe('/sr');
    }
  });
});
