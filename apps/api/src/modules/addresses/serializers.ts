import { maskCep } from '@semijoias/domain/cep';
import { maskCpf } from '@semijoias/domain/cpf';
import { maskPhone } from '@semijoias/domain/phone';
import type { AddressProfileRow } from '../../db/schema.js';
import type { AddressProfileJson } from './schemas.js';

/** SPEC §3's profile; CPF, phone and CEP masked as the forms show them. */
export function serializeAddressProfile(row: AddressProfileRow): AddressProfileJson {
  return {
    id: row.id,
    nome_perfil: row.nomePerfil,
    nome_completo: row.nomeCompleto,
    email: row.email,
    cpf: maskCpf(row.cpf),
    telefone: maskPhone(row.telefone),
    cep: maskCep(row.cep),
    endereco: row.endereco,
    numero: row.numero,
    complemento: row.complemento,
    bairro: row.bairro,
    cidade: row.cidade,
    estado: row.estado,
    is_default: row.isDefault,
  };
}
