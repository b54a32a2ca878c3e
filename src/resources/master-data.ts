import { defineResource } from './define.ts';

const STATUS = ['Active', 'Inactive'] as const;

export const countries = defineResource({
  name: 'countries',
  label: { one: 'Country', many: 'Countries' },
  provider: 'rest',
  permission: { feature: 'Master Data', subFeature: 'Countries' },
  fields: {
    name: { kind: 'text', label: 'Country Name', required: true, maxLength: 100, index: true },
    code: {
      kind: 'text',
      label: 'Country Code',
      required: true,
      minLength: 2,
      maxLength: 3,
      upperCase: true,
      pattern: { source: '^[A-Za-z]{2,3}$', message: 'Country Code must be 2 or 3 letters, such as IN.' },
      unique: 'A country with this code already exists.',
    },
    status: { kind: 'enum', label: 'Status', values: STATUS, default: 'Active', required: true },
  },
  list: {
    pageSize: 3,
    empty: 'No countries found.',
    sort: { field: 'name', order: 'ASC' },
    filters: ['status'],
    searchPlaceholder: 'Search countries',
  },
  routes: {
    list: '/master/country',
    create: '/master/country/add',
    edit: '/master/country/edit',
    aliases: { '//master/country/add': '/master/country/add' },
  },
  messages: { deleteConfirm: 'Are you sure you want to delete this country?' },
  menu: { group: 'master-data', label: 'Country', icon: 'flag' },
});

export const states = defineResource({
  name: 'states',
  label: { one: 'State', many: 'States' },
  provider: 'rest',
  permission: { feature: 'Master Data', subFeature: 'States' },
  fields: {
    name: { kind: 'text', label: 'State Name', required: true, maxLength: 100, index: true },
    country_id: {
      kind: 'reference',
      label: 'Country',
      reference: 'countries',
      display: 'name',
      required: 'Please select a country.',
    },
    status: { kind: 'enum', label: 'Status', values: STATUS, default: 'Active', required: true },
  },
  list: {
    pageSize: 3,
    empty: 'No states found.',
    sort: { field: 'name', order: 'ASC' },
    filters: ['status'],
    searchPlaceholder: 'Search states',
  },
  routes: { list: '/master/state', create: '/master/state/add', edit: '/master/state/edit' },
  messages: { deleteConfirm: 'Are you sure you want to delete this state?' },
  menu: { group: 'master-data', label: 'State', icon: 'map' },
});

export const cities = defineResource({
  name: 'cities',
  label: { one: 'City', many: 'Cities' },
  provider: 'rest',
  permission: { feature: 'Master Data', subFeature: 'Cities' },
  fields: {
    name: { kind: 'text', label: 'City Name', required: true, maxLength: 100, index: true },
    country_id: {
      kind: 'reference',
      label: 'Country',
      reference: 'countries',
      display: 'name',
      required: 'Please select a country.',
    },
    state_id: {
      kind: 'reference',
      label: 'State',
      reference: 'states',
      display: 'name',
      required: 'Please select a state.',
      within: { field: 'country_id', through: 'country_id' },
    },
    status: { kind: 'enum', label: 'Status', values: STATUS, default: 'Active', required: true },
  },
  list: {
    pageSize: 3,
    empty: 'No cities found.',
    sort: { field: 'name', order: 'ASC' },
    filters: ['status'],
    searchPlaceholder: 'Search cities',
  },
  routes: { list: '/master/city', create: '/master/city/add', edit: '/master/city/edit' },
  messages: { deleteConfirm: 'Are you sure you want to delete this city?' },
  menu: { group: 'master-data', label: 'City', icon: 'location' },
});
