import { joinPaths } from './route-table';

describe('joinPaths (the path Nest routes a handler at)', () => {
  it('joins a controller path and a handler path with single slashes', () => {
    expect(joinPaths('api/products', ':id')).toBe('/api/products/:id');
    expect(joinPaths('/api/orders/', '/:number')).toBe('/api/orders/:number');
    expect(joinPaths('', 'api/shipments/:number')).toBe('/api/shipments/:number');
    expect(joinPaths('api/classifications', '')).toBe('/api/classifications');
    expect(joinPaths('', '')).toBe('/');
  });
});
