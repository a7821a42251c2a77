import { describe, expect, it } from 'vitest';
import {
  isVariationSoldOut,
  aroForCircumference,
  chooseVariationButton,
  chooseVariationMessage,
  isChooseVariationMessage,
  lineOutOfStockMessage,
  ringSizeTable,
  variationLabel,
} from './variations';

describe('variation words', () => {
  it("name a line's variation with its axis", () => {
    expect(variationLabel('Aro', '16')).toBe('Aro 16');
    expect(variationLabel('Comprimento', '45 cm')).toBe('Comprimento 45 cm');
    expect(variationLabel(null, 'Ajustável')).toBe('Ajustável');
  });

  it("ask for the axis' own word", () => {
    expect(chooseVariationMessage('Tamanho')).toBe(
      'Escolha o tamanho antes de adicionar ao carrinho.',
    );
    expect(chooseVariationMessage('Aro')).toBe('Escolha o aro antes de adicionar ao carrinho.');
    expect(chooseVariationMessage(null)).toBe('Escolha o tamanho antes de adicionar ao carrinho.');
    expect(chooseVariationButton('Comprimento')).toBe('Escolha o comprimento');
  });

  it("tell the store's own refusal from any other text", () => {
    for (const axis of ['Aro', 'Comprimento', 'Tamanho', null])
      expect(isChooseVariationMessage(chooseVariationMessage(axis))).toBe(true);
    expect(isChooseVariationMessage('Escolha o aro')).toBe(false);
    expect(isChooseVariationMessage('Escolha o que quiser antes de adicionar ao carrinho')).toBe(
      false,
    );
    expect(isChooseVariationMessage('Escolha o Aro antes de adicionar ao carrinho.')).toBe(false);
    expect(isChooseVariationMessage('Dados inválidos.')).toBe(false);
    expect(isChooseVariationMessage(undefined)).toBe(false);
  });

  it('name the variation in the stock message, and keep the old text without one', () => {
    expect(lineOutOfStockMessage('Anel X', 0, { axis: 'Aro', name: '16' })).toBe(
      'O produto "Anel X" (Aro 16) não tem estoque suficiente (disponível: 0).',
    );
    expect(lineOutOfStockMessage('Anel X', -2)).toBe(
      'O produto "Anel X" não tem estoque suficiente (disponível: 0).',
    );
  });
});

describe('a size that cannot be chosen', () => {
  it('is one taken down by the owners or with no unit left', () => {
    expect(isVariationSoldOut({ disponivel: true, estoque: 3 })).toBe(false);
    expect(isVariationSoldOut({ disponivel: true, estoque: 0 })).toBe(true);
    expect(isVariationSoldOut({ disponivel: false, estoque: 3 })).toBe(true);
    expect(isVariationSoldOut({ disponivel: true, estoque: -1 })).toBe(true);
  });
});

describe('the ring size table', () => {
  it('follows the Brazilian rule: circumference = aro + 40 mm', () => {
    const table = ringSizeTable(12, 26);
    expect(table).toHaveLength(15);
    expect(table[0]).toEqual({ aro: 12, circumferenceMm: 52, diameterMm: 16.6 });
    expect(table.at(-1)).toEqual({ aro: 26, circumferenceMm: 66, diameterMm: 21 });
  });

  it('finds the aro of a measured circumference', () => {
    expect(aroForCircumference(56.4)).toBe(16);
    expect(aroForCircumference(0)).toBeNull();
  });
});
