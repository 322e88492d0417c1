FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# The data folder: SECRET_KEY is generated into .data/secret-key when not set (docker-compose.yml keeps it in a volume).
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# The node options of npm run start:prod (heap sizes: docs/performance.md).
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=32", "dist/main.js"]
