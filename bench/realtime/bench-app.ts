export const benchApp = { id: '4242', key: 'bench-key', secret: 'bench-secret' };
